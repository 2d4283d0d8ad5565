import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { DEFAULT_PLATFORM_ID, FLAG_SESSION_EXPIRED } from '@chelian/contracts';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import { storage } from '../storage/storage.ts';
import { coreTexts } from '../i18n/coreTexts.ts';
import { codeOf, interpretResponse, transportErrorText } from './interpret.ts';
import { RequestError } from './RequestError.ts';
import { requestEffects, showExpiryDialogOnce } from './effects.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast failures (the caller shows them, or the call is background work). */
    silent?: boolean;
  }
}

export const REQUEST_TIMEOUT_MS = 60_000;

/** System info (spec §3): the platform id sent with every call, default 1; sub-products set theirs. */
let platformId = DEFAULT_PLATFORM_ID;
export function setPlatformId(id: number): void {
  platformId = id;
}

export const http = axios.create({
  baseURL: runtimeConfig().baseUrl,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Authorization: null },
});

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  config.headers.set('sessionId', storage.getSessionId());
  config.headers.set('platformId', String(platformId));
  const user = storage.getUser<{ userId?: number }>();
  if (user?.userId !== undefined && user.userId !== null) config.headers.set('userId', String(user.userId));
  return config;
});

http.interceptors.response.use(onResponse, onFailure);

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

async function onResponse(response: AxiosResponse): Promise<AxiosResponse> {
  const contentType = String(response.headers['content-type'] ?? '');
  const data = await binaryAsJson(response.data, contentType);
  const outcome = interpretResponse({
    url: response.config.url,
    data,
    contentType,
    contentDisposition: String(response.headers['content-disposition'] ?? ''),
  });
  if (outcome.kind === 'ok') {
    response.data = outcome.value;
    return response;
  }
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

async function onFailure(error: unknown): Promise<never> {
  if (error instanceof RequestError) throw error;
  const err = error as AxiosError;
  const response = err.response;
  const body = await binaryAsJson(response?.data, null);
  const msg = transportErrorText({ message: err.message, code: err.code, status: response?.status, body });
  const intentional = err.code === 'ERR_CANCELED';
  if (!err.config?.silent && !intentional) requestEffects().toastError(msg);
  // HTTP errors reject with the response attached (spec §8), and the envelope's code when it had one.
  const errorCode = typeof body === 'object' && body !== null ? codeOf((body as { errorCode?: unknown }).errorCode) : undefined;
  throw new RequestError({ msg, errorCode, response });
}
