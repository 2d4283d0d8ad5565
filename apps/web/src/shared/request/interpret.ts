import { accountEndpoints, FLAG_SESSION_EXPIRED, FLAG_SUCCESS, type Envelope } from '@chelian/contracts';
import { coreTexts } from '../i18n/coreTexts.ts';

/** The resource-list call: a 4010 on it goes straight to /login with no dialog (spec §8). */
export const RESOURCE_LIST_PATH = accountEndpoints.resourceTree.path;

export type Outcome =
  | { kind: 'ok'; value: unknown; envelope?: Envelope }
  | { kind: 'expired'; silent: boolean }
  | { kind: 'rejected'; msg: string; flag?: number; code?: number; obj?: unknown; errorCode?: string };

const EXCEL_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'];
/** Our own binary answers (e.g. track.bin's columns): their content type says what they are. */
const CHELIAN_BINARY = 'application/vnd.chelian.';
/** An image behind the session (an inspection photo): the kinds the server stores. */
const IMAGE = /^image\/(jpeg|png|webp)\b/;

export function isExcelResponse(contentType: string | undefined, contentDisposition: string | undefined): boolean {
  const type = (contentType ?? '').toLowerCase();
  if (EXCEL_TYPES.some((t) => type.includes(t))) return true;
  const name = fileNameFromDisposition(contentDisposition);
  return type.includes('octet-stream') && /\.xlsx?$/i.test(name);
}

export function fileNameFromDisposition(header: string | undefined): string {
  if (!header) return '';
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      return star[1].trim();
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain ? plain[2].trim() : '';
}

function isEnvelopeLike(data: unknown): data is Partial<Envelope> & Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && !isBinary(data);
}

function isBinary(data: unknown): boolean {
  return (typeof Blob !== 'undefined' && data instanceof Blob) || data instanceof ArrayBuffer || ArrayBuffer.isView(data);
}

/**
 * The spec §8 catalogue for a response that arrived (any HTTP 2xx): unwrap the envelope,
 * or say why the call is rejected. Pure, so every row is unit-tested.
 */
export function interpretResponse(input: {
  url: string | undefined;
  data: unknown;
  contentType?: string;
  contentDisposition?: string;
}): Outcome {
  const { data } = input;
  if (isEnvelopeLike(data) && 'flag' in data && data.flag !== undefined && data.flag !== null) {
    const env = data as Envelope;
    const flag = Number(env.flag);
    if (flag === FLAG_SESSION_EXPIRED) {
      return { kind: 'expired', silent: (input.url ?? '').includes(RESOURCE_LIST_PATH) };
    }
    if (env.code !== undefined && env.code !== null && Number(env.code) !== 0) {
      return { kind: 'rejected', msg: textOf(env.msg), flag, code: Number(env.code), obj: env.obj, errorCode: codeOf(env.errorCode) };
    }
    if (flag === FLAG_SUCCESS) return { kind: 'ok', value: env.obj, envelope: env };
    return { kind: 'rejected', msg: textOf(env.msg), flag, obj: env.obj, errorCode: codeOf(env.errorCode) };
  }
  // No flag: only an Excel download, one of our binary formats or a stored image is a valid answer.
  if (
    isBinary(data) &&
    (isExcelResponse(input.contentType, input.contentDisposition) ||
      (input.contentType ?? '').toLowerCase().startsWith(CHELIAN_BINARY) ||
      IMAGE.test((input.contentType ?? '').toLowerCase()))
  ) {
    return { kind: 'ok', value: data };
  }
  if (isEnvelopeLike(data) && data.code !== undefined && Number(data.code) !== 0) {
    return { kind: 'rejected', msg: textOf(data.msg), code: Number(data.code), errorCode: codeOf(data.errorCode) };
  }
  return { kind: 'rejected', msg: coreTexts.request.networkError };
}

/** The failure's stable code from the error catalogues (packages/contracts), when the server sent one. */
export function codeOf(errorCode: unknown): string | undefined {
  return typeof errorCode === 'string' && errorCode ? errorCode : undefined;
}

function textOf(msg: unknown): string {
  return typeof msg === 'string' && msg.trim() ? msg : coreTexts.request.networkError;
}

/** Chinese text for a call that got no usable response (axios messages of spec §8). */
export function transportErrorText(input: { message?: string; code?: string; status?: number; body?: unknown }): string {
  if (input.status !== undefined) {
    if (isEnvelopeLike(input.body) && typeof input.body.msg === 'string' && input.body.msg.trim()) return input.body.msg;
    return coreTexts.request.networkError;
  }
  const message = input.message ?? '';
  const timeout = /timeout of (\d+)ms exceeded/i.exec(message);
  if (timeout) return coreTexts.request.timeout(Number(timeout[1]));
  if (input.code === 'ETIMEDOUT') return coreTexts.request.timeout(60000);
  if (message === 'Network Error' || input.code === 'ERR_NETWORK') return coreTexts.request.offline;
  if (message === 'Request aborted' || message === 'canceled' || input.code === 'ERR_CANCELED') return coreTexts.request.aborted;
  return coreTexts.request.networkError;
}
