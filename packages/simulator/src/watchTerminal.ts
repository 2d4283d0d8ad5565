/**
 * A watch-protocol terminal: a work badge, a child's or elder's watch, a pet collar. Sends LK
 * heartbeats (the server must echo them), UD position reports (UD2 for what it stored while
 * offline), AL reports when an alarm goes off (answered AL), and answers the platform's
 * commands by echoing their keyword: CR reports at once, UPLOAD changes the interval, MONITOR
 * calls a phone back, FIND rings, RESET reboots, POWEROFF switches off, the rest are settings
 * it keeps. The wearer walks the street grid, or a given route; tests and the card and pet
 * simulations trigger SOS, falls, taking the badge off, low battery.
 */
import {
  decodeWatch,
  encodeWatchCommandReply,
  encodeWatchLink,
  encodeWatchReport,
  type AlarmType,
  type CellTower,
  type DeviceMessage,
  type WatchReportInput,
} from '@chelian/protocols';
import { SimTerminal, type ConnectionOptions, type TerminalSpec } from './terminal.ts';
import type { Report, SimVehicle } from './vehicle.ts';
import type { ProtocolCodec } from '@chelian/protocols';

/** The alarms a watch's status word carries. */
export const WATCH_ALARMS = ['sos', 'lowBattery', 'geofenceExit', 'geofenceEnter', 'wearRemoved', 'fallDown', 'heartRateAbnormal'] as const;
export type WatchAlarm = (typeof WATCH_ALARMS)[number];

export interface WatchOptions {
  /** Maker code in its frames. Default '3G'. */
  maker?: string;
  /** Battery % at start, and % used per hour (a badge lasts a shift or two). Defaults 100, 4. */
  battery?: number;
  drainPerHour?: number;
  /** Share of reports made indoors: no GNSS fix, only cells and Wi-Fi. Default 0. */
  indoorShare?: number;
  /** Metres per step, for the cumulative step count. Default 0.7. */
  stepMetres?: number;
  /** How long POWEROFF keeps it switched off before it is "switched on" again. Default 60 s. */
  powerOffSeconds?: number;
}

export interface WatchState {
  battery: number;
  steps: number;
  tumbles: number;
  worn: boolean;
  /** Settings the platform sent (SOS numbers, centre, switches, quiet periods, last message). */
  settings: Record<string, string>;
  /** Phones that MONITOR asked it to call back, newest last. */
  monitorCalls: string[];
  rings: number;
  alarmsAcknowledged: number;
}

const LOW_BATTERY = 20;

export class WatchTerminal extends SimTerminal {
  readonly watch: WatchState;
  private readonly maker: string;
  private readonly w: WatchOptions;
  private readonly startMileage: number;
  private lastDrainAt = Date.now();
  private lowBatterySent = false;
  private indoorsSeed: number;

  constructor(spec: TerminalSpec, vehicle: SimVehicle, codec: ProtocolCodec, opts: ConnectionOptions & { watch?: WatchOptions }) {
    super(spec, vehicle, codec, opts);
    this.w = opts.watch ?? {};
    this.maker = this.w.maker ?? '3G';
    this.watch = {
      battery: this.w.battery ?? 100,
      steps: 0,
      tumbles: 0,
      worn: true,
      settings: {},
      monitorCalls: [],
      rings: 0,
      alarmsAcknowledged: 0,
    };
    this.startMileage = vehicle.driver.fix().mileageKm;
    this.indoorsSeed = spec.seed;
  }

  protected decode(frame: Buffer) {
    return decodeWatch(frame);
  }

  protected handshake() {
    // The server must echo LK before the watch sends anything else.
    this.write(encodeWatchLink(this.id, this.linkValues(), this.maker));
  }

  protected sendHeartbeat() {
    this.write(encodeWatchLink(this.id, this.linkValues(), this.maker));
  }

  protected sendReports(reports: Report[], backlog: boolean) {
    let ack: { key: string; serial: number } | null = null;
    for (const r of reports) {
      const alarms = this.alarmsOf(r);
      const raised = r.raised.some((a) => (WATCH_ALARMS as readonly string[]).includes(a));
      const type = raised ? 'AL' : backlog ? 'UD2' : 'UD';
      this.write(encodeWatchReport(this.id, type, this.input(r, alarms), this.maker));
      // An alarm report is answered (AL); a position report never is.
      if (type === 'AL') ack = { key: 'AL', serial: -1 };
    }
    return ack;
  }

  /** Raises an alarm now (SOS pressed, a fall, …): an AL report with that bit, answered by the server. */
  raise(alarm: WatchAlarm) {
    const r = this.reportNow();
    r.alarms = [...r.alarms.filter((a) => a !== alarm), alarm];
    r.raised = [alarm];
    this.sendNow(r);
  }

  /** Puts the badge on or takes it off (taking it off raises 摘除报警). */
  setWorn(worn: boolean) {
    const was = this.watch.worn;
    this.watch.worn = worn;
    if (was && !worn) this.raise('wearRemoved');
  }

  /** Sets the battery level; below 20 % the next report raises the low-battery alarm. */
  setBattery(percent: number) {
    this.watch.battery = Math.max(0, Math.min(100, percent));
    if (this.watch.battery >= LOW_BATTERY) this.lowBatterySent = false;
  }

  protected onMessage(m: DeviceMessage) {
    if (m.messageType === 'LK') {
      if (this.state === 'handshake') this.online();
      return;
    }
    if (m.messageType === 'AL') {
      this.watch.alarmsAcknowledged++;
      this.acknowledged('AL');
      return;
    }
    if (m.kind !== 'commandReply') return;
    const { command, params } = m.detail as { command: string; params: string[] };
    this.answer(command, params);
  }

  private answer(command: string, params: string[]) {
    const reply = () => this.write(encodeWatchCommandReply(this.id, command, [], this.maker));
    switch (command) {
      case 'CR': {
        this.commandEvent('立即定位');
        reply();
        const r = this.reportNow();
        this.write(encodeWatchReport(this.id, 'UD', this.input(r, this.alarmsOf(r)), this.maker));
        this.noteSent([r], -1);
        return;
      }
      case 'UPLOAD':
        this.setInterval(Number(params[0]));
        this.commandEvent('设置上传间隔', `${params[0]} 秒`);
        return reply();
      case 'MONITOR':
        this.watch.monitorCalls.push(params[0] ?? '');
        this.commandEvent('远程监听', params[0]);
        return reply();
      case 'FIND':
        this.watch.rings++;
        this.commandEvent('寻找设备');
        return reply();
      case 'RESET':
        this.commandEvent('重启');
        reply();
        return this.reboot();
      case 'POWEROFF':
        this.commandEvent('远程关机');
        reply();
        setTimeout(() => this.disconnect((this.w.powerOffSeconds ?? 60) * 1000), 300).unref?.();
        return;
      case 'MESSAGE': {
        const text = Buffer.from(params[0] ?? '', 'hex')
          .swap16()
          .toString('utf16le');
        this.watch.settings.MESSAGE = text;
        this.commandEvent('下发文本', text);
        return reply();
      }
      default:
        this.watch.settings[command] = params.join(',');
        this.commandEvent(command, params.join(','));
        return reply();
    }
  }

  private linkValues() {
    this.drain();
    return { steps: this.watch.steps, tumbles: this.watch.tumbles, battery: Math.round(this.watch.battery) };
  }

  private drain() {
    const now = Date.now();
    const hours = (now - this.lastDrainAt) / 3_600_000;
    this.lastDrainAt = now;
    this.watch.battery = this.batteryAfter(hours);
    if (this.watch.battery >= LOW_BATTERY) this.lowBatterySent = false;
  }

  /** The level after `hours` more: a badge drains steadily (a pet collar's model is in petCollar.ts). */
  protected batteryAfter(hours: number): number {
    return Math.max(0, this.watch.battery - hours * (this.w.drainPerHour ?? 4));
  }

  /** The fix's accuracy in metres, when the wearer's device reports one (a badge does not). */
  protected accuracyOf(_r: Report): number | undefined {
    return undefined;
  }

  /** The cumulative step count as of this report: a badge counts its walked distance. */
  protected stepsAt(r: Report): number {
    return Math.max(this.watch.steps, Math.round(((r.mileageKm - this.startMileage) * 1000) / (this.w.stepMetres ?? 0.7)));
  }

  private alarmsOf(r: Report): AlarmType[] {
    const alarms = r.alarms.filter((a) => (WATCH_ALARMS as readonly string[]).includes(a));
    this.drain();
    if (this.watch.battery < LOW_BATTERY && !this.lowBatterySent) {
      this.lowBatterySent = true;
      if (!alarms.includes('lowBattery')) alarms.push('lowBattery');
      if (!r.raised.includes('lowBattery')) r.raised = [...r.raised, 'lowBattery'];
    }
    if (!this.watch.worn && !alarms.includes('wearRemoved')) alarms.push('wearRemoved');
    return alarms;
  }

  private input(r: Report, alarms: AlarmType[]): WatchReportInput {
    this.watch.steps = this.stepsAt(r);
    const indoors = ((this.indoorsSeed = (this.indoorsSeed * 1103515245 + 12345) & 0x7fffffff) % 1000) / 1000 < (this.w.indoorShare ?? 0);
    const cells: CellTower[] = [
      { mcc: 460, mnc: 0, lac: 9360 + (this.spec.seed % 50), cellId: 4082 + (Math.round(r.lat * 1000) % 1000), rssi: 140 },
    ];
    const base = {
      time: r.time,
      speedKmh: r.speedKmh,
      course: r.course,
      altitude: 0,
      signal: Math.round((r.signal / 31) * 100),
      battery: Math.round(this.watch.battery),
      steps: this.watch.steps,
      tumbles: this.watch.tumbles,
      alarms,
      worn: this.watch.worn,
      still: r.speedKmh === 0,
      cells,
      accuracy: this.accuracyOf(r),
    };
    if (indoors)
      return { ...base, lat: 0, lon: 0, valid: false, satellites: 0, wifi: [{ name: 'office', mac: '1c:fa:68:13:a5:b4', rssi: -61 }] };
    return { ...base, lat: r.lat, lon: r.lon, valid: r.valid, satellites: r.satellites };
  }
}
