import http from 'node:http';
import type { Page } from 'playwright-core';

// What a page really downloads, as Chromium's network layer reports it (DevTools protocol):
// shared by the delivery budget test (e2e/delivery.e2e.ts) and the page-load bench
// (bench/web-load.bench.ts). No vitest here, so the bench can use it too.

export interface LoadedResponse {
  url: string;
  /** DevTools' resource type: Script, Stylesheet, Document, XHR, Fetch, Image, Other… */
  type: string;
  status: number;
  /** Content-Encoding as sent, '' for none */
  encoding: string;
  /** bytes that crossed the wire (headers included), from Network.loadingFinished */
  encodedBytes: number;
  fromCache: boolean;
}

export interface ResponseLog {
  responses(): LoadedResponse[];
  stop(): Promise<void>;
}

/** Logs every response the page receives from now until stop(). */
export async function recordResponses(page: Page): Promise<ResponseLog> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, LoadedResponse>();
  const done: LoadedResponse[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    byId.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      status: e.response.status,
      encoding: headers['content-encoding'] ?? '',
      encodedBytes: 0,
      fromCache: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker),
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.encodedBytes = e.encodedDataLength;
    done.push(r);
  });
  return {
    responses: () => [...done],
    stop: async () => {
      await cdp.detach().catch(() => undefined);
    },
  };
}

/** The scripts among the responses: their URLs and the bytes Chromium transferred for them. */
export function scriptsOf(responses: LoadedResponse[]): { urls: string[]; transferred: number; encodings: string[] } {
  const scripts = responses.filter((r) => r.type === 'Script' && r.status < 400);
  return { urls: scripts.map((r) => r.url), transferred: scripts.reduce((sum, r) => sum + r.encodedBytes, 0), encodings: scripts.map((r) => r.encoding) };
}

/** Downloads `url` with the given Accept-Encoding and counts the body's bytes as sent (not decoded). */
export function bodyBytes(
  url: string,
  acceptEncoding: string,
  headers: Record<string, string> = {},
): Promise<{ bytes: number; encoding: string; headers: http.IncomingHttpHeaders; status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? ''), headers: res.headers, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The bytes of these URLs' bodies as gzip (the budget's unit), whatever encoding the browser picked. */
export async function gzipBytes(urls: string[]): Promise<number> {
  const sizes = await Promise.all(urls.map((u) => bodyBytes(u, 'gzip')));
  return sizes.reduce((sum, s) => sum + s.bytes, 0);
}
