/**
 * The 30-day figures (rollup rows) per scope, kept for a short while: they change only when the
 * rollup job writes (every REPORT_ROLLUP_SECONDS, 5 minutes by default), while a screen refreshes
 * every few seconds. Entries are per scope and Beijing day, expire `ttlMs` after they were read
 * (by the caller's clock, so tests can drive it), and the oldest go first past `max` entries.
 */
export class TrendCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 200,
  ) {}

  get(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs && now >= hit.at) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    // A failed read is not kept.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
