/**
 * What a terminal reports about its vehicle: the driver's fix plus the things a tracker adds —
 * alarms that come and go (SOS, power cut, vibration while parked, overspeed while speeding),
 * oil cut by command, satellites, signal, fuel. Time comes from the caller's clock.
 */
import type { AlarmType } from '@chelian/protocols';
import { StreetDriver, type DriverFix } from './driver.ts';
import type { Rng } from './random.ts';

export interface Report extends DriverFix {
  /** UTC epoch ms, whole seconds, strictly increasing per vehicle (the protocols carry seconds). */
  time: number;
  valid: boolean;
  alarms: AlarmType[];
  /** Alarms that were not active in the previous report (GT06 sends an alarm packet for these). */
  raised: AlarmType[];
  oilCut: boolean;
  satellites: number;
  /** 0–31 (JT/T 808 CSQ). */
  signal: number;
  fuel: number;
}

export interface VehicleOptions {
  /** Multiplies every random alarm's rate (0 turns them off). Default 1. */
  alarmRate?: number;
  /** Speed above which the overspeed alarm is active. Default 90 km/h. */
  overspeedKmh?: number;
}

/** Random alarms per vehicle-hour at alarmRate 1, and how long each lasts (seconds). */
const RANDOM_ALARMS: ReadonlyArray<{ type: AlarmType; perHour: number; seconds: [number, number]; parkedOnly?: boolean }> = [
  { type: 'sos', perHour: 0.15, seconds: [30, 90] },
  { type: 'powerCut', perHour: 0.08, seconds: [60, 180] },
  { type: 'vibration', perHour: 0.6, seconds: [10, 30], parkedOnly: true },
];

export class SimVehicle {
  private lastStep: number | null = null;
  private lastTime = 0;
  private lastReportAt: number | null = null;
  private readonly until = new Map<AlarmType, number>();
  private previous = new Set<AlarmType>();
  private fuel: number;

  constructor(
    readonly driver: StreetDriver,
    private readonly rng: Rng,
    private readonly opts: VehicleOptions = {},
  ) {
    this.fuel = rng.range(20, 60);
  }

  get oilCut(): boolean {
    return this.driver.immobilized;
  }

  set oilCut(cut: boolean) {
    this.driver.immobilized = cut;
  }

  /** Drives on to `now` (epoch ms). */
  advance(now: number) {
    if (this.lastStep !== null && now > this.lastStep) this.driver.step((now - this.lastStep) / 1000);
    this.lastStep = Math.max(now, this.lastStep ?? now);
  }

  /** A report as of `now`; call advance(now) first. */
  report(now: number): Report {
    const fix = this.driver.fix();
    const time = Math.max(Math.floor(now / 1000) * 1000, this.lastTime + 1000);
    const sinceLast = this.lastReportAt === null ? 0 : Math.max(0, (now - this.lastReportAt) / 1000);
    this.lastTime = time;
    this.lastReportAt = now;
    this.fuel = this.fuel < 8 ? this.rng.range(45, 60) : this.fuel - fix.speedKmh * sinceLast * 0.00003;

    const rate = this.opts.alarmRate ?? 1;
    for (const a of RANDOM_ALARMS) {
      if (a.parkedOnly && fix.acc) continue;
      if ((this.until.get(a.type) ?? 0) > now) continue;
      if (this.rng.chance((a.perHour * rate * sinceLast) / 3600)) this.until.set(a.type, now + this.rng.range(...a.seconds) * 1000);
    }
    const alarms = [...this.until].filter(([, end]) => end > now).map(([type]) => type);
    if (fix.speedKmh > (this.opts.overspeedKmh ?? 90)) alarms.push('overspeed');
    const raised = alarms.filter((a) => !this.previous.has(a));
    this.previous = new Set(alarms);
    return {
      ...fix,
      time,
      valid: true,
      alarms,
      raised,
      oilCut: this.oilCut,
      satellites: this.rng.int(7, 14),
      signal: this.rng.int(16, 31),
      fuel: Math.round(this.fuel * 10) / 10,
    };
  }

  /** Raises an alarm now, for `seconds` (tests and demos). */
  raise(type: AlarmType, now: number, seconds = 60) {
    this.until.set(type, now + seconds * 1000);
  }
}
