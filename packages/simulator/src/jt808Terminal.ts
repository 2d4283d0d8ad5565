/**
 * A JT/T 808 terminal: registers (0x0100) once for its auth code, authenticates (0x0102) on
 * every connection, then reports 0x0200 locations (0x0704 batches for what waited while
 * offline) and 0x0002 heartbeats. Platform messages are answered as the standard says: 0x0001
 * for 0x8105 control, 0x8103 parameters, 0x8300 text; 0x0104 for 0x8104; 0x0201 for 0x8201.
 */
import {
  decodeJt808,
  encodeJt808Auth,
  encodeJt808Batch,
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808LocationReply,
  encodeJt808ParamReply,
  encodeJt808Register,
  encodeJt808TerminalReply,
  jt808,
  type AlarmType,
  type DeviceMessage,
  type Jt808LocationInput,
} from '@chelian/protocols';
import { SimTerminal } from './terminal.ts';
import type { Report } from './vehicle.ts';

const { JT808_MSG, JT808_PARAM, JT808_CONTROL } = jt808;
const OIL_CUT = 0xf0; // vendor command words the platform uses (jt808/commands.ts)
const OIL_RESTORE = 0xf1;
const RESULT = { ok: 0, failed: 1, unsupported: 3 } as const;
/** JT/T 808 has no vibration bit: the nearest is the collision warning. */
const ALARM_ALIASES: Partial<Record<AlarmType, AlarmType>> = { vibration: 'collision' };
/** Positions per 0x0704 batch: small enough that the batch is one frame, no sub-packages. */
const BATCH_SIZE = 15;

export class Jt808Terminal extends SimTerminal {
  private serial = 0;
  private authCode: string | null = null;
  private readonly target = { phone: this.spec.id };

  protected decode(frame: Buffer) {
    return decodeJt808(frame);
  }

  private next(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  protected handshake() {
    if (this.authCode) return this.authenticate();
    const { city, plate, id } = this.spec;
    this.write(
      encodeJt808Register(this.target, this.next(), {
        province: city.provinceCode,
        city: city.cityCode,
        maker: 'CHLN',
        model: 'CL-808S',
        deviceId: id.slice(-7),
        plateColor: plate ? 2 : 0,
        plate: plate ?? '',
      }),
    );
  }

  private authenticate() {
    this.write(encodeJt808Auth(this.target, this.next(), { authCode: this.authCode!, imei: '', softwareVersion: '1.0' }));
  }

  protected backlogChunk() {
    return BATCH_SIZE;
  }

  protected sendReports(reports: Report[], backlog: boolean) {
    const serial = this.next();
    if (backlog) {
      // Blind-area re-upload (type 1). One frame: consecutive serials are not needed.
      for (const frame of encodeJt808Batch(this.target, serial, reports.map(locationInput), 1)) this.write(frame);
    } else {
      this.write(encodeJt808Location(this.target, serial, locationInput(reports[0])));
    }
    return { key: String(serial), serial };
  }

  protected sendHeartbeat() {
    this.write(encodeJt808Heartbeat(this.target, this.next()));
  }

  protected onMessage(m: DeviceMessage) {
    switch (m.messageType) {
      case '0x8100': {
        const d = m.detail as { result: number; authCode?: string };
        if (d.result === 0 && d.authCode) {
          this.authCode = d.authCode;
          this.authenticate();
        } else this.socket?.destroy(); // refused: try again later
        return;
      }
      case '0x8001': {
        const r = m.commandReply!;
        if (r.answered === '0x0102') {
          if (r.result === 0) this.online();
          else {
            this.authCode = null; // the platform forgot us: register again
            this.socket?.destroy();
          }
        } else if ((r.answered === '0x0200' || r.answered === '0x0704') && r.result === 0) {
          this.acknowledged(r.replyKey);
        }
        return;
      }
    }
    if (m.kind === 'serverCommand' || (m.kind === 'unknown' && Number(m.messageType) >= 0x8000)) this.onCommand(m);
  }

  private reply(m: DeviceMessage, result: number) {
    this.write(encodeJt808TerminalReply(this.target, this.next(), m.serial ?? 0, Number(m.messageType), result));
  }

  private onCommand(m: DeviceMessage) {
    const msgId = Number(m.messageType);
    const detail = (m.detail ?? {}) as { command?: number; text?: string };
    switch (msgId) {
      case JT808_MSG.terminalControl: {
        const word = detail.command;
        if (word === OIL_CUT || word === OIL_RESTORE) {
          this.cutOil(word === OIL_CUT);
          this.commandEvent(word === OIL_CUT ? '断油断电' : '恢复油电');
        } else if (word === JT808_CONTROL.reset) {
          this.commandEvent('重启');
          this.reboot();
        } else this.commandEvent(`终端控制 ${word}`);
        return this.reply(m, RESULT.ok);
      }
      case JT808_MSG.setParams: {
        const interval = m.params?.find((p) => p.id === JT808_PARAM.defaultReportInterval);
        if (interval) this.setInterval(Number(interval.value));
        this.commandEvent('设置参数', interval ? `上传间隔 ${interval.value} 秒` : undefined);
        return this.reply(m, RESULT.ok);
      }
      case JT808_MSG.queryParams:
        this.commandEvent('查询参数');
        return this.write(
          encodeJt808ParamReply(this.target, this.next(), m.serial ?? 0, [
            { id: JT808_PARAM.heartbeatInterval, value: this.opts.heartbeatSeconds ?? 30 },
            { id: JT808_PARAM.defaultReportInterval, value: this.intervalSeconds },
            { id: JT808_PARAM.maxSpeed, value: 90 },
            { id: JT808_PARAM.plate, value: this.spec.plate ?? '' },
          ]),
        );
      case JT808_MSG.queryLocation: {
        this.commandEvent('立即定位');
        const report = this.reportNow();
        const serial = this.next();
        this.write(encodeJt808LocationReply(this.target, serial, m.serial ?? 0, locationInput(report)));
        return this.noteSent([report], serial);
      }
      case JT808_MSG.text:
        this.commandEvent('文本信息', detail.text);
        return this.reply(m, RESULT.ok);
      case JT808_MSG.passThroughDown:
        this.commandEvent('透传数据');
        return this.reply(m, RESULT.ok);
      default:
        this.commandEvent(`不支持的消息 ${m.messageType}`);
        return this.reply(m, RESULT.unsupported);
    }
  }
}

function locationInput(r: Report): Jt808LocationInput {
  return {
    time: r.time,
    lat: r.lat,
    lon: r.lon,
    valid: r.valid,
    speedKmh: r.speedKmh,
    course: r.course,
    altitude: 30,
    acc: r.acc,
    alarms: r.alarms.map((a) => ALARM_ALIASES[a] ?? a),
    statusFlags: r.oilCut ? ['gps', 'beidou', 'oilCut'] : ['gps', 'beidou'],
    mileageKm: r.mileageKm,
    fuel: r.fuel,
    signal: r.signal,
    satellites: r.satellites,
  };
}
