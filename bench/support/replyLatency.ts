/**
 * Reply latency from the steady clients' histograms (steadyClient.ts `Counters['latency']`), the
 * one reading of them that bench/steady.bench.ts and bench/cluster-load.bench.ts report.
 */
import type { Counters } from './steadyClient.ts';

export type LatencyHistogram = Counters['latency'];

/** The histograms (0.1 ms buckets, past 10 s whole seconds) merged: p50/p90/p99 and the largest in ms (to 0.1 ms), and how many replies. */
export function latencyPercentiles(parts: readonly LatencyHistogram[]) {
  const counts = new Map<number, number>();
  for (const p of parts) {
    for (const [b, n] of p.fine) counts.set(b / 10, (counts.get(b / 10) ?? 0) + n);
    for (const [s, n] of p.slow) counts.set(s * 1000, (counts.get(s * 1000) ?? 0) + n);
  }
  const buckets = [...counts].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((a, [, n]) => a + n, 0);
  const ms = (x: number) => Math.round(x * 10) / 10;
  const at = (q: number) => {
    let seen = 0;
    for (const [bucket, n] of buckets) if ((seen += n) >= q * total) return ms(bucket);
    return NaN;
  };
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: buckets.length ? ms(buckets[buckets.length - 1][0]) : null, samples: total };
}
