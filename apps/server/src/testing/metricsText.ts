/** The METRICS_TOKEN test servers and clusters get (testing/serverProcess.ts), so their /metrics answer. */
export const TEST_METRICS_TOKEN = 'chelian-test-metrics';

/** A process's /metrics text, read with the bearer token it was started with. */
export async function fetchMetrics(httpPort: number, token = TEST_METRICS_TOKEN): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${httpPort}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  return res.text();
}

/**
 * One sample of a Prometheus text exposition (`GET /metrics`): the value of `name` whose labels
 * include `labels`, summed over the samples that match (undefined when none does).
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum = (sum ?? 0) + Number(m[4]);
  }
  return sum;
}
