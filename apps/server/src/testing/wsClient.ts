import { createRequire } from 'node:module';

/** The `ws` client, typed by what tests use (the package ships no types and we add none for tests). */
interface WsClient {
  on(event: 'open' | 'close', listener: (code?: number) => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number }) => void): void;
  send(data: string): void;
  close(): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => WsClient };

export interface LiveClient {
  messages: Array<{ type: string; data: unknown; final?: boolean }>;
  /** Resolves with the first message (from now on, or already received) that matches. */
  waitFor(match: (m: { type: string; data: unknown }) => boolean, timeoutMs?: number): Promise<{ type: string; data: unknown }>;
  close(): void;
  /** Resolves with the close code once the server (or the client) closes the socket. */
  closed: Promise<number | undefined>;
}

/** Opens a WebSocket; rejects with the HTTP status when the server refuses the upgrade. */
export function openLive(url: string): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: LiveClient['messages'] = [];
    const waiters = new Set<() => void>();
    const closed = new Promise<number | undefined>((done) => ws.on('close', (code) => done(code)));
    ws.on('message', (data) => {
      messages.push(JSON.parse(data.toString('utf8')));
      for (const w of waiters) w();
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        messages,
        closed,
        close: () => ws.close(),
        waitFor(match, timeoutMs = 3000) {
          return new Promise((ok, fail) => {
            const check = () => {
              const found = messages.find(match);
              if (!found) return false;
              waiters.delete(check);
              clearTimeout(timer);
              ok(found);
              return true;
            };
            const timer = setTimeout(() => (waiters.delete(check), fail(new Error('no matching live message'))), timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
      }),
    );
  });
}
