import http from 'node:http';
import type { Page, Request } from 'playwright-core';

// What a page really downloads, as Playwright reports Chromium's network events (frames and
// workers included: MapLibre fetches the basemap from its worker): shared by the delivery budget
// test (e2e/delivery.e2e.ts) and the page-load bench (bench/web-load.bench.ts). No vitest here,
// so the bench can use it too.

export interface LoadedResponse {
  url: string;
  /** Playwright's resource type: script, stylesheet, document, fetch, xhr, image, other… */
  type: string;
  status: number;
  /** Content-Encoding as sent, '' for none */
  encoding: string;
  /** bytes that crossed the wire for it (body as sent plus headers); 0 when it came from the cache */
  encodedBytes: number;
}

export interface ResponseLog {
  responses(): LoadedResponse[];
  stop(): Promise<void>;
}

/** Logs every response the page's context receives from now until stop(). */
export async function recordResponses(page: Page): Promise<ResponseLog> {
  const context = page.context();
  const done: LoadedResponse[] = [];
  const pending = new Set<Promise<void>>();
  const onFinished = (request: Request) => {
    const job = (async () => {
      const [response, sizes] = await Promise.all([request.response(), request.sizes().catch(() => null)]);
      if (!response) return;
      // a response from the cache reports no body (or a negative size)
      const body = Math.max(0, sizes?.responseBodySize ?? 0);
      done.push({
        url: request.url(),
        type: request.resourceType(),
        status: response.status(),
        encoding: (await response.allHeaders())['content-encoding'] ?? '',
        encodedBytes: body > 0 ? body + Math.max(0, sizes?.responseHeadersSize ?? 0) : 0,
      });
    })().catch(() => undefined);
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };
  context.on('requestfinished', onFinished);
  return {
    responses: () => [...done],
    stop: async () => {
      context.off('requestfinished', onFinished);
      await Promise.all(pending);
    },
  };
}

/** The scripts among the responses: their URLs and the bytes Chromium transferred for them. */
export function scriptsOf(responses: LoadedResponse[]): { urls: string[]; transferred: number; encodings: string[] } {
  const scripts = responses.filter((r) => r.type === 'script' && r.status < 400);
  return {
    urls: scripts.map((r) => r.url),
    transferred: scripts.reduce((sum, r) => sum + r.encodedBytes, 0),
    encodings: scripts.map((r) => r.encoding),
  };
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
        res.on('end', () =>
          resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? ''), headers: res.headers, status: res.statusCode ?? 0 }),
        );
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
