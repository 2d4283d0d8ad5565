/**
 * An e-bike's lithium pack (13S, 48 V nominal, 20 Ah by default): it drains while the bike
 * rides, charges when parked low and plugged in, warms with current, and reports what a BMS
 * reports (state of charge, voltages, current, temperature, cycles).
 */
import type { BmsReport } from '@chelian/protocols';
import type { Rng } from './random.ts';

export interface BatteryOptions {
  cells?: number;
  capacityMah?: number;
  /** State of charge at start, %. Default: random 40–95. */
  socPct?: number;
  /** Charger current, A. Default 5. */
  chargeAmps?: number;
  /** Plugged in when parked below this, %. Default 30. */
  plugBelowPct?: number;
}

/** What the pack reports, in the units of protocols' BmsReport. */
export type BatteryFigures = Omit<
  BmsReport,
  | 'implausible'
  | 'serialHex'
  | 'time'
  | 'barcode'
  | 'batteryVersion'
  | 'manufacturer'
  | 'batteryStatus'
  | 'controllerStatus'
  | 'controllerFault'
  | 'chargeIntervalH'
  | 'maxChargeIntervalH'
>;

const AMBIENT_C = 22;

export class SimBattery {
  readonly cells: number;
  readonly capacityMah: number;
  socPct: number;
  /** A charger is plugged in (it stays in until full or until the bike rides off). */
  charging = false;
  currentA = 0;
  temperatureC = AMBIENT_C;
  cycles: number;
  private throughputMah = 0;
  private readonly cellOffsets: number[];

  constructor(
    rng: Rng,
    private readonly opts: BatteryOptions = {},
  ) {
    this.cells = opts.cells ?? 13;
    this.capacityMah = opts.capacityMah ?? 20_000;
    this.socPct = opts.socPct ?? rng.range(40, 95);
    this.cycles = rng.int(5, 300);
    // Cells age a little differently: a few millivolts apart.
    this.cellOffsets = Array.from({ length: this.cells }, () => rng.range(-0.004, 0.004));
  }

  /** Runs the pack for `seconds` at road speed `speedKmh` (0 parked); `parked` lets it charge. */
  step(seconds: number, speedKmh: number, parked: boolean) {
    if (seconds <= 0) return;
    if (!parked) this.charging = false;
    else if (!this.charging && this.socPct < (this.opts.plugBelowPct ?? 30)) this.charging = true;
    if (this.charging && this.socPct >= 100) this.charging = false;
    // Riding draws ~3 A plus ~0.3 A per km/h; a parked bike's electronics almost nothing.
    this.currentA = this.charging
      ? (this.opts.chargeAmps ?? 5) * (this.socPct > 90 ? 0.4 : 1)
      : speedKmh > 0
        ? -(3 + speedKmh * 0.3)
        : -0.05;
    const mah = (this.currentA * 1000 * seconds) / 3600;
    this.socPct = Math.min(100, Math.max(0, this.socPct + (mah / this.capacityMah) * 100));
    if (mah < 0) {
      this.throughputMah -= mah;
      while (this.throughputMah >= this.capacityMah) {
        this.throughputMah -= this.capacityMah;
        this.cycles++;
      }
    }
    // Towards ambient plus what the current heats; a time constant of ~10 minutes.
    const target = AMBIENT_C + Math.abs(this.currentA) * 0.6;
    this.temperatureC += (target - this.temperatureC) * Math.min(1, seconds / 600);
  }

  /** Volts of a cell at the present charge and load (3.3 V empty … 4.15 V full, sagging under load). */
  cellVolts(): number[] {
    const open = 3.3 + (0.85 * this.socPct) / 100;
    const sag = this.currentA * 0.004;
    return this.cellOffsets.map((o) => round(open + o + sag, 3));
  }

  packVolts(): number {
    return round(
      this.cellVolts().reduce((a, b) => a + b, 0),
      3,
    );
  }

  figures(): BatteryFigures {
    const cellVolts = this.cellVolts();
    return {
      socPct: Math.round(this.socPct),
      remainingMah: Math.round((this.capacityMah * this.socPct) / 100),
      absoluteSocPct: Math.round(this.socPct * 0.96),
      fullMah: this.capacityMah,
      healthPct: 96,
      temperatureC: round(this.temperatureC, 1),
      currentA: round(this.currentA, 3),
      voltageV: round(
        cellVolts.reduce((a, b) => a + b, 0),
        3,
      ),
      cycles: this.cycles,
      cellVolts,
    };
  }
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
