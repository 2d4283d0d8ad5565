/**
 * A pet collar's battery: a steady idle drain (modem, step counter) plus a cost for every
 * position report (a GNSS fix and an upload), so the reporting interval decides how long a
 * charge lasts — about a day at one report a minute, two to three days at five minutes, four
 * or more at ten (the guidance 宠物卫士 shows its users, docs/pet.md). When the level falls
 * below `chargeBelow` the owner puts it on the charger, and it charges to full.
 */
export interface CollarBatteryOptions {
  /** Level at start, %. Default 100. */
  percent?: number;
  /** %/hour used whatever the interval. Default 0.8. */
  idlePerHour?: number;
  /** % used per position report. Default 0.055 (at 60 s: 3.3 %/hour). */
  perReport?: number;
  /** The owner charges it below this, %. Default 15 (the collar's low-battery alarm is at 20). */
  chargeBelow?: number;
  /** %/hour on the charger. Default 60. */
  chargePerHour?: number;
}

export class CollarBattery {
  percent: number;
  charging = false;
  private readonly o: Required<Omit<CollarBatteryOptions, 'percent'>>;

  constructor(opts: CollarBatteryOptions = {}) {
    this.percent = opts.percent ?? 100;
    this.o = {
      idlePerHour: opts.idlePerHour ?? 0.8,
      perReport: opts.perReport ?? 0.055,
      chargeBelow: opts.chargeBelow ?? 15,
      chargePerHour: opts.chargePerHour ?? 60,
    };
  }

  /** Hours a full charge lasts reporting every `intervalSeconds`. */
  static lifeHours(intervalSeconds: number, opts: CollarBatteryOptions = {}): number {
    const b = new CollarBattery(opts);
    return 100 / (b.o.idlePerHour + (b.o.perReport * 3600) / intervalSeconds);
  }

  /** Time passes: idle drain, or charging. */
  advance(hours: number) {
    if (hours <= 0) return;
    if (this.charging) {
      this.percent = Math.min(100, this.percent + hours * this.o.chargePerHour);
      if (this.percent >= 100) this.charging = false;
      return;
    }
    this.percent = Math.max(0, this.percent - hours * this.o.idlePerHour);
    this.checkCharge();
  }

  /** `count` position reports went out. */
  reported(count = 1) {
    if (this.charging) return;
    this.percent = Math.max(0, this.percent - count * this.o.perReport);
    this.checkCharge();
  }

  private checkCharge() {
    if (this.percent < this.o.chargeBelow) this.charging = true;
  }
}
