import { FLAG_FAILURE, FLAG_SESSION_EXPIRED } from './envelope.ts';

/**
 * A failure the API can answer: its stable code (`module.name`, travels as the envelope's
 * `errorCode`), its Chinese text, and the HTTP status and flag it is answered with. Texts may hold
 * `{name}` placeholders, filled where the failure is raised. The web decides on codes, never on
 * texts.
 */
export interface ErrorEntry<Code extends string = string> {
  readonly code: Code;
  readonly msg: string;
  readonly status: number;
  readonly flag: number;
}

type EntryInit = string | { msg: string; status?: number; flag?: number };

/**
 * One module's catalogue: `defineErrors('alarm', { rangeTooLong: '查询时间范围不能超过{days}天' })`
 * gives `{ rangeTooLong: { code: 'alarm.rangeTooLong', msg, status: 200, flag: 0 } }`. A business
 * rule's failure answers HTTP 200 with flag 0, as the spec's clients expect; bad input and access
 * failures carry their HTTP status.
 */
export function defineErrors<const M extends string, const E extends Record<string, EntryInit>>(
  module: M,
  entries: E,
): { readonly [K in keyof E & string]: ErrorEntry<`${M}.${K}`> } {
  const out: Record<string, ErrorEntry> = {};
  for (const [name, init] of Object.entries(entries)) {
    const spec = typeof init === 'string' ? { msg: init } : init;
    out[name] = Object.freeze({ code: `${module}.${name}`, msg: spec.msg, status: spec.status ?? 200, flag: spec.flag ?? FLAG_FAILURE });
  }
  return Object.freeze(out) as never;
}

/** Fills `{name}` placeholders of a catalogue text. */
export function fillErrorText(msg: string, params?: Readonly<Record<string, string | number>>): string {
  return params ? msg.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : msg;
}

/** Failures every endpoint can answer: transport, input, session and access. */
export const COMMON_ERRORS = defineErrors('common', {
  badRequest: { msg: '请求参数错误', status: 400 },
  invalidBody: { msg: '请求体格式错误，无法解析', status: 400 },
  unsupportedMediaType: { msg: '不支持的请求内容类型', status: 415 },
  payloadTooLarge: { msg: '请求内容过大', status: 413 },
  routeNotFound: { msg: '请求的接口不存在', status: 404 },
  notFound: { msg: '数据不存在或无权访问', status: 404 },
  sessionExpired: { msg: '登录超时', flag: FLAG_SESSION_EXPIRED },
  forbidden: { msg: '没有该操作的权限', status: 403 },
  tooManyRequests: { msg: '操作过于频繁，请稍后再试', status: 429 },
  /** A rate limit (login, captcha, SMS, password, export, the API as a whole) was reached; Retry-After says when. */
  rateLimited: { msg: '请求过于频繁，请{seconds}秒后再试', status: 429 },
  conflict: '数据已存在',
  /** A delete (or change) refused because other records still refer to the row (PostgreSQL 23503). */
  inUse: '该数据仍被其他记录使用（如订单、绑定或历史记录），请先解除关联后再删除',
  internal: { msg: '服务器繁忙，请稍后再试', status: 500 },
});
