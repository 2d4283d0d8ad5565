/**
 * A GT06 e-bike tracker: the GT06 terminal plus a guard (armed by "111", disarmed by "000"),
 * a motor relay (DYD/HFYD cut and restore power; the bike coasts to a stop), a horn (FIND#) and a
 * lithium pack. Before each location it sends its 0xF1 device status (armed, ACC, pack and charger
 * voltage, charging, temperature, relay), and a 0x40 BMS report every `bmsEverySeconds`. Alarm
 * packets: ACC on while armed, vibration only while armed, low voltage below 10 %.
 */
import {
  encodeGt06Alarm,
  encodeGt06Bms,
  encodeGt06DeviceStatus,
  type AlarmType,
  type EbikeStatus,
  type Gt06BmsInput as BmsInput,
} from '@chelian/protocols';
import { SimBattery, type BatteryOptions } from './ebikeBattery.ts';
import { Gt06Terminal, locationInput } from './gt06Terminal.ts';
import type { ConnectionOptions, TerminalSpec } from './terminal.ts';
import type { ProtocolCodec } from '@chelian/protocols';
import type { Report, SimVehicle } from './vehicle.ts';
import { Rng } from './random.ts';

export interface EbikeOptions {
  battery?: BatteryOptions;
  /** Seconds between BMS reports. Default 60. */
  bmsEverySeconds?: number;
  /** Starts armed. Default false. */
  armed?: boolean;
  /**
   * The chance that the rider disarms with the key fob when setting off on an armed bike (as an
   * owner does; the rest ride off armed and raise 设防状态ACC开启). Default 0: every armed ride alarms.
   */
  riderDisarms?: number;
}

/** Alarms an e-bike's alarm packet carries (gt06/blocks.ts codes). */
const EBIKE_PACKET_ALARMS: readonly AlarmType[] = [
  'accOnWhileArmed',
  'lowVoltage',
  'powerCut',
  'vibration',
  'displacement',
  'tamper',
  'fallDown',
  'sos',
  'overspeed',
];
const LOW_VOLTAGE_PCT = 10;

export class EbikeTerminal extends Gt06Terminal {
  armed: boolean;
  readonly battery: SimBattery;
  /** Times the horn sounded (FIND#). */
  finds = 0;
  private readonly bmsEveryMs: number;
  private lastBmsAt = -Infinity;
  private batteryAt: number | null = null;
  private lowVoltage = false;
  private accWhileArmed = false;
  /** Alarms this bike raised itself, for its next report's packet. */
  private readonly own: AlarmType[] = [];
  private readonly riderDisarms: number;
  private readonly rider: Rng;

  constructor(spec: TerminalSpec, vehicle: SimVehicle, codec: ProtocolCodec, opts: ConnectionOptions & { ebike?: EbikeOptions }) {
    super(spec, vehicle, codec, opts);
    const e = opts.ebike ?? {};
    this.battery = new SimBattery(new Rng(spec.seed).fork(3), e.battery);
    this.bmsEveryMs = (e.bmsEverySeconds ?? 60) * 1000;
    this.armed = e.armed ?? false;
    this.riderDisarms = e.riderDisarms ?? 0;
    this.rider = new Rng(spec.seed).fork(4);
  }

  /** What the 0xF1 says now. */
  deviceStatus(): EbikeStatus {
    const fix = this.vehicle.driver.fix();
    return {
      armed: this.armed,
      acc: fix.acc,
      powerCut: this.vehicle.oilCut,
      charging: this.battery.charging,
      supplyVolts: this.battery.packVolts(),
      chargeVolts: this.battery.charging ? Math.round((this.battery.packVolts() + 1.2) * 100) / 100 : 0,
      batteryTempC: Math.round(this.battery.temperatureC * 10) / 10,
    };
  }

  /** Sends a BMS report now; `override` replaces figures (tests send impossible ones this way). */
  sendBms(override: Partial<BmsInput> = {}) {
    const r: BmsInput = {
      ...this.battery.figures(),
      serialHex: this.spec.id.slice(-16),
      time: Date.now(),
      barcode: `CL${this.spec.id.slice(-14)}`,
      batteryVersion: 0x0102,
      manufacturer: 'CHELIAN SIM',
      ...override,
    };
    this.lastBmsAt = Date.now();
    this.write(encodeGt06Bms(r, this.next()));
  }

  sendStatus() {
    this.write(encodeGt06DeviceStatus(this.deviceStatus(), this.next()));
  }

  /** Sends an alarm packet for `alarm` now, at the bike's position (tests: tamper, fall-over, …). */
  sendAlarm(alarm: AlarmType) {
    const r = this.reportNow();
    this.write(encodeGt06Alarm(locationInput(r), alarm, this.status(r), this.next()));
  }

  protected sendReports(reports: Report[], backlog = false) {
    const r = reports[0];
    if (!backlog) {
      this.runBattery(r);
      this.sendStatus();
      if (Date.now() - this.lastBmsAt >= this.bmsEveryMs) this.sendBms();
    }
    return super.sendReports(reports);
  }

  protected sendHeartbeat() {
    this.runBattery(this.reportNowQuiet());
    this.sendStatus();
    if (Date.now() - this.lastBmsAt >= this.bmsEveryMs) this.sendBms();
    super.sendHeartbeat();
  }

  protected status(r: Pick<Report, 'acc' | 'oilCut'>) {
    return { ...super.status(r), armed: this.armed, charging: this.battery.charging };
  }

  protected packetAlarm(r: Report): AlarmType | undefined {
    // A tracker feels vibration only while armed; its own alarms first.
    const raised = [...this.own.splice(0), ...r.raised.filter((a) => a !== 'vibration' || this.armed)];
    return raised.find((a) => EBIKE_PACKET_ALARMS.includes(a));
  }

  protected ownCommand(name: string): string | null {
    switch (name) {
      case '111':
        this.armed = true;
        this.accWhileArmed = false;
        this.commandEvent('设防');
        this.sendStatus();
        return 'Remote setting up defenses Successful';
      case '000':
        this.armed = false;
        this.commandEvent('撤防');
        this.sendStatus();
        return 'Successful remote disarm';
      case 'FIND':
        this.finds++;
        this.commandEvent('寻车');
        return 'FIND=Success!';
      default:
        return null;
    }
  }

  protected cutOil(cut: boolean) {
    super.cutOil(cut);
    this.sendStatus();
  }

  /** The pack follows the bike from its last step to this report; state changes raise alarms. */
  private runBattery(r: Pick<Report, 'time' | 'speedKmh' | 'acc'>) {
    const seconds = this.batteryAt === null ? 0 : Math.max(0, (r.time - this.batteryAt) / 1000);
    this.batteryAt = r.time;
    this.battery.step(seconds, r.speedKmh, !r.acc);
    const low = this.battery.socPct < LOW_VOLTAGE_PCT;
    if (low && !this.lowVoltage) this.own.push('lowVoltage');
    this.lowVoltage = low;
    if (this.armed && r.acc && !this.accWhileArmed) {
      if (this.riderDisarms > 0 && this.rider.chance(this.riderDisarms)) {
        this.armed = false; // the key fob: the status sent before this report says so
      } else {
        this.accWhileArmed = true;
        this.own.push('accOnWhileArmed');
      }
    }
  }

  /** The bike as of now, without taking a report (a heartbeat is no location). */
  private reportNowQuiet() {
    const now = Date.now();
    this.vehicle.advance(now);
    const fix = this.vehicle.driver.fix();
    return { time: now, speedKmh: fix.speedKmh, acc: fix.acc };
  }
}
