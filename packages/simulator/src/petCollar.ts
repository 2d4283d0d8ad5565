/**
 * A pet collar on the watch protocol (宠物卫士): the watch terminal worn by a PetWalker, with the
 * collar's own step count (reset at Beijing midnight) and battery model (collarBattery.ts, so the
 * reporting interval decides how long a charge lasts, and the owner recharges it). It honours
 * what the platform sends: UPLOAD,n changes the interval — lost mode's UPLOAD,15 keeps reporting
 * every 15 s even while the pet rests, as a collar in lost mode keeps its GNSS on — and FIND rings.
 */
import type { ProtocolCodec } from '@chelian/protocols';
import { CollarBattery, type CollarBatteryOptions } from './collarBattery.ts';
import type { PetFix, PetWalker } from './petWalker.ts';
import type { ConnectionOptions, TerminalSpec } from './terminal.ts';
import type { Report, SimVehicle } from './vehicle.ts';
import { WatchTerminal, type WatchOptions } from './watchTerminal.ts';

/** Intervals at or below this are a tracking (lost) mode: no sleeping between reports. */
export const PET_TRACKING_MAX_SECONDS = 60;

export interface PetCollarOptions {
  battery?: CollarBatteryOptions;
}

export class PetCollar extends WatchTerminal {
  readonly cell: CollarBattery;
  /** Epoch ms of each FIND the platform sent (the collar rang). */
  readonly rangAt: number[] = [];
  /** Each interval the platform set (UPLOAD,n), with when. */
  readonly intervals: { at: number; seconds: number }[] = [];

  constructor(
    spec: TerminalSpec,
    vehicle: SimVehicle,
    codec: ProtocolCodec,
    opts: ConnectionOptions & { watch?: WatchOptions; collar?: PetCollarOptions },
  ) {
    const cell = new CollarBattery(opts.collar?.battery);
    super(spec, vehicle, codec, { ...opts, watch: { ...opts.watch, battery: cell.percent } });
    this.cell = cell;
    this.watch.steps = this.pet.steps;
  }

  get pet(): PetWalker {
    return this.vehicle.driver as PetWalker;
  }

  /** Lost mode (or any fast interval) is on. */
  get tracking(): boolean {
    return this.intervalSeconds <= PET_TRACKING_MAX_SECONDS;
  }

  override setBattery(percent: number) {
    this.cell.percent = Math.max(0, Math.min(100, percent));
    this.cell.charging = false;
    super.setBattery(percent);
  }

  protected override batteryAfter(hours: number): number {
    this.cell.advance(hours);
    return this.cell.percent;
  }

  protected override stepsAt(r: Report): number {
    return (r as Report & Partial<PetFix>).steps ?? this.pet.steps;
  }

  /** A collar's GNSS: 5–15 m in the open, from the report's satellites. */
  protected override accuracyOf(r: Report): number {
    return Math.max(5, 20 - r.satellites);
  }

  protected override sendReports(reports: Report[], backlog: boolean) {
    this.cell.reported(reports.length);
    return super.sendReports(reports, backlog);
  }

  protected override sendHeartbeat() {
    this.watch.steps = this.pet.steps; // a heartbeat carries the count as it is now
    super.sendHeartbeat();
  }

  protected override setInterval(seconds: number) {
    super.setInterval(seconds);
    if (Number.isFinite(seconds) && seconds >= 1) this.intervals.push({ at: Date.now(), seconds });
  }

  protected override commandEvent(command: string, detail?: string) {
    if (command === '寻找设备') this.rangAt.push(Date.now());
    super.commandEvent(command, detail);
  }

  protected override parkedIntervalSeconds(): number {
    return this.tracking ? this.intervalSeconds : super.parkedIntervalSeconds();
  }
}
