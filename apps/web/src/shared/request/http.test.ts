import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLAG_SESSION_EXPIRED } from '@chelian/contracts';
import { request, serializeParams, takeEarlyAnswersFrom } from './http.ts';
import { get, postForm, postJson } from './helpers.ts';
import { RequestError } from './RequestError.ts';
import { setRequestEffects } from './effects.ts';
import { coreTexts } from '../i18n/coreTexts.ts';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

let sent: Sent[] = [];
let answer: () => Promise<Response> = () => Promise.resolve(Response.json({ flag: 1, obj: 'ok' }));
const toasts: string[] = [];

beforeEach(() => {
  sent = [];
  toasts.length = 0;
  answer = () => Promise.resolve(Response.json({ flag: 1, obj: 'ok' }));
  vi.stubGlobal('fetch', (url: string, init: RequestInit & { signal: AbortSignal }) => {
    sent.push({ url, method: String(init.method), headers: new Headers(init.headers), body: init.body });
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (init.signal.aborted) abort();
      init.signal.addEventListener('abort', abort);
      answer().then(resolve, reject);
    });
  });
  setRequestEffects({ toastError: (msg) => toasts.push(msg), goLogin: () => undefined, confirmExpired: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  takeEarlyAnswersFrom(null);
});

describe('the request transport (fetch)', () => {
  it('writes the query as axios did', () => {
    expect(serializeParams({ a: 1, b: undefined, c: null, d: 'x y:$,车', e: [1, null, 2], f: { g: 3 }, h: true })).toBe(
      'a=1&d=x+y:$,%E8%BD%A6&e%5B%5D=1&e%5B%5D=2&f%5Bg%5D=3&h=true',
    );
    expect(serializeParams({ at: new Date(Date.UTC(2026, 0, 2)) })).toBe('at=2026-01-02T00:00:00.000Z');
    expect(serializeParams(undefined)).toBe('');
  });

  it('sends the platform headers, the form or JSON body, and unwraps the envelope', async () => {
    expect(await get('/car/v1/x.json', { limit: 10 })).toBe('ok');
    expect(sent[0].url).toBe('/car/v1/x.json?limit=10');
    expect(sent[0].method).toBe('GET');
    expect(sent[0].headers.get('platformId')).toBe('1');
    expect(sent[0].headers.has('Authorization')).toBe(false);

    await postForm('/car/v1/y.json', { a: [1, 2], b: undefined });
    expect(sent[1].method).toBe('POST');
    expect(String(sent[1].body)).toBe('a=1%2C2');

    await postJson('/car/v1/z.json', { a: 1 }, { headers: { 'X-Extra': 'e' } });
    expect(sent[2].body).toBe('{"a":1}');
    expect(sent[2].headers.get('Content-Type')).toBe('application/json');
    expect(sent[2].headers.get('X-Extra')).toBe('e');
  });

  it('rejects a refused envelope with its msg and code, toasted unless silent', async () => {
    answer = () => Promise.resolve(Response.json({ flag: 0, msg: '车牌已存在', errorCode: 'X_DUP' }));
    const error = await get('/a.json').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).msg).toBe('车牌已存在');
    expect((error as RequestError).errorCode).toBe('X_DUP');
    expect(toasts).toEqual(['车牌已存在']);
    await get('/a.json', {}, { silent: true }).catch(() => undefined);
    expect(toasts).toHaveLength(1);
  });

  it('an HTTP error: the envelope msg when it had one; 4010 is an expired session', async () => {
    answer = () => Promise.resolve(Response.json({ msg: '服务器忙' }, { status: 503 }));
    const error = (await get('/a.json').catch((e: unknown) => e)) as RequestError;
    expect(error.msg).toBe('服务器忙');
    expect(error.response?.status).toBe(503);

    answer = () => Promise.resolve(Response.json({ flag: FLAG_SESSION_EXPIRED, msg: 'expired' }));
    expect(((await get('/b.json').catch((e: unknown) => e)) as RequestError).flag).toBe(FLAG_SESSION_EXPIRED);
  });

  it('a timeout, a lost network and a cancelled call', async () => {
    answer = () => new Promise(() => undefined);
    const timedOut = (await request({ method: 'GET', url: '/slow.json', timeout: 20 }).catch((e: unknown) => e)) as RequestError;
    expect(timedOut.msg).toBe(coreTexts.request.timeout(20));

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const offline = (await get('/a.json').catch((e: unknown) => e)) as RequestError;
    expect(offline).toBeInstanceOf(RequestError);
    expect(offline.msg).toBe(coreTexts.request.offline);

    answer = () => new Promise(() => undefined);
    const controller = new AbortController();
    const cancelled = get('/a.json', {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await cancelled).toBeInstanceOf(RequestError);
    expect(toasts).toHaveLength(2); // the timeout and the lost network; a cancelled call is not toasted
  });

  it('reads bytes as bytes', async () => {
    answer = () =>
      Promise.resolve(new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/vnd.chelian.track' } }));
    const bytes = await request<ArrayBuffer>({ method: 'GET', url: '/t.bin', responseType: 'arraybuffer' });
    expect([...new Uint8Array(bytes.data)]).toEqual([1, 2, 3]);
  });

  it('takes an early answer for its GET once, and asks when it failed', async () => {
    const early: Record<string, Promise<{ status: number; type: string; body: string } | null> | undefined> = {
      '/u.json?x=1': Promise.resolve({ status: 200, type: 'application/json', body: '{"flag":1,"obj":"early"}' }),
      '/v.json': Promise.resolve(null),
    };
    takeEarlyAnswersFrom((url) => {
      const got = early[url];
      delete early[url];
      return got;
    });
    expect(await get('/u.json', { x: 1 })).toBe('early');
    expect(sent).toHaveLength(0);
    expect(await get('/u.json', { x: 1 })).toBe('ok');
    expect(await get('/v.json')).toBe('ok');
    expect(sent.map((s) => s.url)).toEqual(['/u.json?x=1', '/v.json']);
  });
});
