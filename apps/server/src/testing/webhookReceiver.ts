import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  /** the body exactly as received: what the signature covers */
  raw: string;
  json: Record<string, unknown>;
}

/**
 * A real HTTP server standing in for a customer's webhook: it records every request and answers
 * the statuses queued in `replies` (then `fallback`).
 */
export async function startWebhookReceiver(opts: { replies?: number[]; fallback?: number } = {}) {
  const received: ReceivedHook[] = [];
  const replies = [...(opts.replies ?? [])];
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, json: JSON.parse(raw) });
      res.statusCode = replies.shift() ?? opts.fallback ?? 200;
      res.end('ok');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/chelian?token=abc`,
    received,
    /** Resolves once `n` requests have arrived. */
    async waitFor(n: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`webhook: ${received.length} of ${n} requests arrived`);
        await new Promise<void>((r) => {
          const timer = setTimeout(r, 50);
          waiters.push(() => (clearTimeout(timer), r()));
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
