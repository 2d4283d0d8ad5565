/**
 * The steady client's timer wheel (steadyClient.ts): one timer drives every terminal. A terminal's
 * slot is its phase within the report interval and within the heartbeat period, terminal k in
 * slot floor(k × slots / count), so terminals spread evenly over both; each tick sends what fell
 * due since the last one.
 */
const TICK_MS = 10;

export class SendWheel {
  /** What a tick sends: reports, heartbeats only, or nothing. */
  mode: 'report' | 'idle' | 'stopped' = 'stopped';
  private readonly reportSlots: number;
  private readonly heartbeatSlots: number;
  private timer: NodeJS.Timeout | null = null;
  private tickNo = 0;
  private startedAt = 0;

  constructor(
    private readonly count: number,
    intervalMs: number,
    heartbeatMs: number,
    /** Per terminal: whether it can send now (its socket); the others are skipped. */
    private readonly live: ArrayLike<unknown>,
    private readonly sendReport: (k: number) => void,
    private readonly sendHeartbeat: (k: number) => void,
  ) {
    this.reportSlots = Math.max(1, Math.round(intervalMs / TICK_MS));
    this.heartbeatSlots = Math.max(1, Math.round(heartbeatMs / TICK_MS));
  }

  /** Sends reports, or heartbeats only, from now on, the phases counted from now; starts the timer once. */
  run(mode: 'report' | 'idle') {
    this.mode = mode;
    this.startedAt = performance.now();
    this.tickNo = 0;
    this.timer ??= setInterval(() => this.tick(), TICK_MS);
  }

  /** The timer stopped (after `mode = 'stopped'`, once what was sent is answered). */
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Terminal k's phase is floor(k × slots / count): phase p holds [firstOf(p), firstOf(p + 1)). */
  private firstOf(p: number, slots: number) {
    return Math.ceil((p * this.count) / slots);
  }

  private sendRange(slot: number, slots: number, send: (k: number) => void) {
    const to = Math.min(this.count, this.firstOf(slot + 1, slots));
    for (let k = this.firstOf(slot, slots); k < to; k++) if (this.live[k]) send(k);
  }

  private tick() {
    const due = Math.floor((performance.now() - this.startedAt) / TICK_MS);
    for (; this.tickNo <= due; this.tickNo++) {
      if (this.mode === 'report') this.sendRange(this.tickNo % this.reportSlots, this.reportSlots, this.sendReport);
      // A terminal that reports is heard from: its heartbeats are the idle ones' alone (a real one sends them when silent).
      else if (this.mode === 'idle') this.sendRange(this.tickNo % this.heartbeatSlots, this.heartbeatSlots, this.sendHeartbeat);
    }
  }
}
