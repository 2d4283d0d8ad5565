/**
 * A GT06 (Concox-style) terminal: logs in with its IMEI (0x01), reports GPS+LBS packets (0x22,
 * or 0x12 on older models) and an alarm packet (0x26) when an alarm starts, sends status
 * heartbeats (0x13), and answers the platform's 0x80 text commands with 0x15 (or 0x21 on
 * models that use the 0x7979 response). Every packet is acknowledged by the server echoing its
 * protocol number and serial.
 */
import {
  decodeGt06,
  encodeGt06Alarm,
  encodeGt06CommandResponse,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  encodeGt06StringInfo,
  type AlarmType,
  type DeviceMessage,
  type Gt06LocationInput,
  type Gt06StatusInput,
} from '@chelian/protocols';
import { SimTerminal } from './terminal.ts';
import type { Report } from './vehicle.ts';

/** Alarms a GT06 alarm packet can carry (gt06/blocks.ts codes). */
const PACKET_ALARMS: readonly AlarmType[] = ['sos', 'powerCut', 'vibration', 'overspeed'];

export class Gt06Terminal extends SimTerminal {
  private serial = 0;
  /** Model variants, fixed per terminal: location packet type and command answer type. */
  private readonly locationProtocol = this.spec.seed % 3 === 0 ? 0x12 : 0x22;
  private readonly answersWith21 = this.spec.seed % 2 === 1;

  protected decode(frame: Buffer) {
    return decodeGt06(frame, { terminalId: this.spec.id });
  }

  protected next(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  protected handshake() {
    this.write(encodeGt06Login(this.spec.id, this.next()));
  }

  protected sendReports(reports: Report[]) {
    const r = reports[0];
    const serial = this.next();
    const alarm = this.packetAlarm(r);
    const x = locationInput(r);
    this.write(alarm ? encodeGt06Alarm(x, alarm, this.status(r), serial) : encodeGt06Location(x, serial, this.locationProtocol));
    return { key: String(serial), serial };
  }

  /** The alarm this report's packet carries (an alarm packet instead of a plain location). */
  protected packetAlarm(r: Report): AlarmType | undefined {
    return r.raised.find((a) => PACKET_ALARMS.includes(a));
  }

  protected status(r: Pick<Report, 'acc' | 'oilCut'>): Gt06StatusInput {
    return { acc: r.acc, oilCut: r.oilCut, gpsTracking: true, charging: true, voltageLevel: 6, gsmSignal: 4 };
  }

  protected sendHeartbeat() {
    const acc = this.vehicle.driver.phase !== 'parked';
    this.write(encodeGt06Heartbeat(this.status({ acc, oilCut: this.vehicle.oilCut }), this.next()));
  }

  /** A model's own commands (the e-bike guard, …): the answer text, or null when it has none of that name. */
  protected ownCommand(_name: string, _args: string[]): string | null {
    return null;
  }

  protected onMessage(m: DeviceMessage) {
    if (m.kind === 'serverAck') {
      if (m.messageType === '0x01') {
        if (this.state === 'handshake') this.online();
      } else this.acknowledged(String(m.serial));
      return;
    }
    if (m.kind === 'serverCommand') this.onCommand(m.detail as { serverFlag: number; text: string });
  }

  private onCommand({ serverFlag, text }: { serverFlag: number; text: string }) {
    const [name, ...args] = text.replace(/#\s*$/, '').split(',');
    let answer: string;
    switch (name.toUpperCase()) {
      case 'DYD':
        this.cutOil(true);
        this.commandEvent('断油断电');
        answer = 'DYD=Success!';
        break;
      case 'HFYD':
        this.cutOil(false);
        this.commandEvent('恢复油电');
        answer = 'HFYD=Success!';
        break;
      case 'WHERE': {
        this.commandEvent('立即定位');
        const r = this.reportNow();
        this.sendNow(r);
        answer = `Lat:${r.lat >= 0 ? 'N' : 'S'}${Math.abs(r.lat).toFixed(6)},Lon:${r.lon >= 0 ? 'E' : 'W'}${Math.abs(r.lon).toFixed(6)},Course:${r.course},Speed:${Math.round(r.speedKmh)}km/h`;
        break;
      }
      case 'TIMER': {
        const seconds = Number(args[0]);
        this.setInterval(seconds);
        this.commandEvent('设置上传间隔', `${seconds} 秒`);
        answer = `TIMER=${seconds} OK`;
        break;
      }
      case 'RESET':
        this.commandEvent('重启');
        this.reboot();
        answer = 'RESET OK';
        break;
      default: {
        const own = this.ownCommand(name.toUpperCase(), args);
        if (own !== null) answer = own;
        else {
          this.commandEvent('自定义指令', text);
          answer = `${name}=Unknown command`;
        }
      }
    }
    const serial = this.next();
    this.write(
      this.answersWith21 ? encodeGt06CommandResponse(serverFlag, answer, serial) : encodeGt06StringInfo(serverFlag, answer, serial),
    );
  }
}

export function locationInput(r: Report): Gt06LocationInput {
  return {
    time: r.time,
    lat: r.lat,
    lon: r.lon,
    valid: r.valid,
    speedKmh: r.speedKmh,
    course: r.course,
    satellites: r.satellites,
    acc: r.acc,
    mileageKm: r.mileageKm,
    cell: { mcc: 460, mnc: 0, lac: 9520 + (Math.round(r.lat * 100) % 50), cellId: 3000 + (Math.round(r.lon * 1000) % 4000) },
  };
}
