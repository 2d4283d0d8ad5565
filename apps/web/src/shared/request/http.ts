import { DEFAULT_PLATFORM_ID, FLAG_SESSION_EXPIRED } from '@chelian/contracts';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import { storage } from '../storage/storage.ts';
import { coreTexts } from '../i18n/coreTexts.ts';
import { codeOf, interpretResponse, transportErrorText } from './interpret.ts';
import { RequestError } from './RequestError.ts';
import { requestEffects, showExpiryDialogOnce } from './effects.ts';

export const REQUEST_TIMEOUT_MS = 60_000;

/** System info (spec §3): the platform id sent with every call, default 1; sub-products set theirs. */
let platformId = DEFAULT_PLATFORM_ID;
export function setPlatformId(id: number): void {
  platformId = id;
}

export type Params = Record<string, unknown>;

/** One call as the helpers (helpers.ts) describe it to the transport. */
export interface RequestConfig {
  method: 'GET' | 'POST';
  /** a path under runtime-config's baseUrl, or an absolute address */
  url: string;
  /** the query, serialised as axios did (arrays as `key[]`, nested objects as `key[sub]`) */
  params?: Params;
  /** the body: a form (URLSearchParams), a FormData, or JSON text */
  body?: URLSearchParams | FormData | string;
  headers?: Record<string, string | null | undefined>;
  /** how the body is read: JSON (text that is not JSON stays text), bytes or a Blob */
  responseType?: 'json' | 'arraybuffer' | 'blob';
  /** ms, 0 for none; REQUEST_TIMEOUT_MS by default */
  timeout?: number;
  signal?: AbortSignal;
  /** Do not toast failures (the caller shows them, or the call is background work). */
  silent?: boolean;
}

/** An answer that arrived (any status): its body as read, its headers by lower-case name. */
export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  headers: Record<string, string>;
  config: RequestConfig;
}

/**
 * An answer got before the app's code ran (掌上车联's boot script, mobile/app/earlyCalls.ts): a GET
 * to that address takes it, once, instead of asking again, and interprets it like any other.
 */
export interface EarlyAnswer {
  status: number;
  type: string;
  body: string;
}
type EarlyAnswers = (url: string) => Promise<EarlyAnswer | null> | undefined;
let earlyAnswers: EarlyAnswers | null = null;
export function takeEarlyAnswersFrom(source: EarlyAnswers | null): void {
  earlyAnswers = source;
}

/** axios's query encoding (its buildURL): `:`, `$`, `,` kept, spaces as `+`. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
}

const isVisitable = (value: unknown): value is object =>
  Array.isArray(value) ||
  (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) ||
  (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === null);

const scalar = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** The query string as axios wrote it: null and undefined left out, flat arrays as `key[]`, objects as `key[sub]`. */
export function serializeParams(params: Params | undefined): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => pairs.push(`${encode(key)}=${encode(scalar(value))}`);
  const visit = (value: unknown, path: string | null, key: string) => {
    if (value === undefined || value === null) return;
    const name = path === null ? key.trim() : `${path}[${key}]`;
    if (path === null && Array.isArray(value) && !value.some(isVisitable)) {
      for (const item of value) if (item !== undefined && item !== null) add(`${name}[]`, item);
      return;
    }
    if (isVisitable(value)) {
      for (const [k, v] of Object.entries(value)) visit(v, name, k);
      return;
    }
    add(name, value);
  };
  for (const [key, value] of Object.entries(params ?? {})) visit(value, null, key);
  return pairs.join('&');
}

/** The address a call goes to: the API's base (runtime-config) and the query. */
export function requestUrl(config: Pick<RequestConfig, 'url' | 'params'>): string {
  const base = runtimeConfig().baseUrl;
  let url =
    base && !/^([a-z][a-z\d+\-.]*:)?\/\//i.test(config.url) ? `${base.replace(/\/+$/, '')}/${config.url.replace(/^\/+/, '')}` : config.url;
  const query = serializeParams(config.params);
  if (query) url = `${url.split('#')[0]}${url.includes('?') ? '&' : '?'}${query}`;
  return url;
}

/** A call that got no answer, or an answer outside 2xx (the response is then attached). */
class TransportFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly response?: HttpResponse,
  ) {
    super(message);
  }
}

function headersOf(config: RequestConfig): Headers {
  const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
  const user = storage.getUser<{ userId?: number }>();
  const session: Record<string, string | null | undefined> = {
    sessionId: storage.getSessionId(),
    platformId: String(platformId),
    userId: user?.userId !== undefined && user.userId !== null ? String(user.userId) : undefined,
  };
  for (const [name, value] of Object.entries({ ...config.headers, ...session })) {
    if (value !== undefined && value !== null) headers.set(name, value);
  }
  return headers;
}

/** The body as the call asked to read it: JSON when it is JSON (else the text), bytes or a Blob. */
function readBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function fetchAnswer(url: string, config: RequestConfig): Promise<HttpResponse> {
  const controller = new AbortController();
  const timeout = config.timeout ?? REQUEST_TIMEOUT_MS;
  let timedOut = false;
  const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
  const cancel = () => controller.abort();
  if (config.signal?.aborted) controller.abort();
  config.signal?.addEventListener('abort', cancel);
  try {
    const answer = await fetch(url, { method: config.method, headers: headersOf(config), body: config.body, signal: controller.signal });
    const data =
      config.responseType === 'arraybuffer'
        ? await answer.arrayBuffer()
        : config.responseType === 'blob'
          ? await answer.blob()
          : readBody(await answer.text());
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    return { data, status: answer.status, headers, config };
  } catch (error) {
    if (timedOut) throw new TransportFailure(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED');
    if (config.signal?.aborted) throw new TransportFailure('canceled', 'ERR_CANCELED');
    throw new TransportFailure(error instanceof Error && error.name === 'AbortError' ? 'canceled' : 'Network Error', 'ERR_NETWORK');
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', cancel);
  }
}

/** The boot script's answer for this GET, when it got one (200); else null: ask. */
async function earlyAnswer(url: string, config: RequestConfig): Promise<HttpResponse | null> {
  const early = config.method === 'GET' ? earlyAnswers?.(url) : undefined;
  if (!early) return null;
  const got = await early;
  if (got?.status !== 200) return null;
  return { data: config.responseType ? got.body : readBody(got.body), status: 200, headers: { 'content-type': got.type }, config };
}

/**
 * The one transport of the request layer (fetch): sends a call with the session's headers, and
 * interprets the answer by the spec §8 catalogue (interpret.ts) — its envelope's value, or a
 * RequestError (toasted unless silent; 4010 goes to login).
 */
export async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
  const url = requestUrl(config);
  let response: HttpResponse;
  try {
    response = (await earlyAnswer(url, config)) ?? (await fetchAnswer(url, config));
    if (response.status < 200 || response.status >= 300)
      throw new TransportFailure(`Request failed with status code ${response.status}`, 'ERR_BAD_RESPONSE', response);
  } catch (error) {
    return onFailure(error, config);
  }
  return (await onResponse(response)) as HttpResponse<T>;
}

/** A blob or bytes call answered with an envelope (an error, or 4010): its JSON, else the body as it came. */
async function binaryAsJson(body: unknown, contentType: string | null): Promise<unknown> {
  if (contentType !== null && !contentType.includes('json')) return body;
  try {
    if (body instanceof Blob) return JSON.parse(await body.text());
    if (body instanceof ArrayBuffer) return JSON.parse(new TextDecoder().decode(body));
  } catch {
    /* not JSON: interpretResponse rejects it */
  }
  return body;
}

async function onResponse(response: HttpResponse): Promise<HttpResponse> {
  const contentType = response.headers['content-type'] ?? '';
  const data = await binaryAsJson(response.data, contentType);
  const outcome = interpretResponse({
    url: response.config.url,
    data,
    contentType,
    contentDisposition: response.headers['content-disposition'] ?? '',
  });
  if (outcome.kind === 'ok') return { ...response, data: outcome.value };
  if (outcome.kind === 'expired') {
    if (outcome.silent) requestEffects().goLogin();
    else showExpiryDialogOnce();
    throw new RequestError({ msg: coreTexts.request.sessionExpired, flag: FLAG_SESSION_EXPIRED, response });
  }
  if (!response.config.silent) requestEffects().toastError(outcome.msg);
  throw new RequestError({
    msg: outcome.msg,
    flag: outcome.flag,
    code: outcome.code,
    obj: outcome.obj,
    errorCode: outcome.errorCode,
    response,
  });
}

async function onFailure(error: unknown, config: RequestConfig): Promise<never> {
  if (error instanceof RequestError) throw error;
  const failure = error instanceof TransportFailure ? error : new TransportFailure('Network Error', 'ERR_NETWORK');
  const response = failure.response;
  const body = await binaryAsJson(response?.data, null);
  const msg = transportErrorText({ message: failure.message, code: failure.code, status: response?.status, body });
  const intentional = failure.code === 'ERR_CANCELED';
  if (!config.silent && !intentional) requestEffects().toastError(msg);
  // HTTP errors reject with the response attached (spec §8), and the envelope's code when it had one.
  const errorCode = typeof body === 'object' && body !== null ? codeOf((body as { errorCode?: unknown }).errorCode) : undefined;
  throw new RequestError({ msg, errorCode, response });
}
