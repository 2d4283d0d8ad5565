/**
 * When to fetch the dashboard again. News asks for a refresh within `delay` ms (an alarm soon, a
 * stream of positions later); fetches never overlap and start at least `minGap` ms apart, so a
 * fleet of 10 000 vehicles reporting every few seconds still costs one fetch per gap.
 */
export class RefreshScheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dueAt = Infinity;
  private running = false;
  private again = false;
  private lastStart = -Infinity;
  private stopped = false;

  constructor(
    private readonly fetch: () => Promise<void>,
    private readonly minGap: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Asks for a refresh no later than `delay` ms from now (or as soon as the gap allows). */
  request(delay = 0): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    const at = Math.max(this.now() + delay, this.lastStart + this.minGap);
    if (at >= this.dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = at;
    this.timer = setTimeout(() => void this.run(), Math.max(0, at - this.now()));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async run() {
    this.timer = null;
    this.dueAt = Infinity;
    this.running = true;
    this.lastStart = this.now();
    try {
      await this.fetch();
    } finally {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.request(0);
      }
    }
  }
}
