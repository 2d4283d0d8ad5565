import { FLAG_FAILURE, FLAG_SESSION_EXPIRED } from '@chelian/contracts';

/**
 * The error catalogue: every failure the API can answer, with its HTTP status, flag and Chinese
 * message. Handlers throw AppError(key); the one error handler turns it into an envelope.
 */
export const ERRORS = {
  badRequest: { status: 400, flag: FLAG_FAILURE, msg: '请求参数错误' },
  invalidBody: { status: 400, flag: FLAG_FAILURE, msg: '请求体格式错误，无法解析' },
  unsupportedMediaType: { status: 415, flag: FLAG_FAILURE, msg: '不支持的请求内容类型' },
  payloadTooLarge: { status: 413, flag: FLAG_FAILURE, msg: '请求内容过大' },
  routeNotFound: { status: 404, flag: FLAG_FAILURE, msg: '请求的接口不存在' },
  notFound: { status: 404, flag: FLAG_FAILURE, msg: '数据不存在或无权访问' },
  sessionExpired: { status: 200, flag: FLAG_SESSION_EXPIRED, msg: '登录超时' },
  forbidden: { status: 403, flag: FLAG_FAILURE, msg: '没有该操作的权限' },
  tooManyRequests: { status: 429, flag: FLAG_FAILURE, msg: '操作过于频繁，请稍后再试' },
  conflict: { status: 200, flag: FLAG_FAILURE, msg: '数据已存在' },
  business: { status: 200, flag: FLAG_FAILURE, msg: '操作失败' },
  internal: { status: 500, flag: FLAG_FAILURE, msg: '服务器繁忙，请稍后再试' },
} as const;

export type ErrorKey = keyof typeof ERRORS;

export class AppError extends Error {
  readonly key: ErrorKey;
  readonly obj: unknown;
  constructor(key: ErrorKey, msg?: string, obj: unknown = null) {
    super(msg ?? ERRORS[key].msg);
    this.key = key;
    this.obj = obj;
  }
}

/** A failure of a business rule (wrong password, expired code…): HTTP 200, flag 0, the given message. */
export function fail(msg: string, obj: unknown = null): AppError {
  return new AppError('business', msg, obj);
}

const AJV_KEYWORD_TEXT: Record<string, string> = {
  required: '缺少必填参数',
  type: '类型不正确',
  maxLength: '过长',
  minLength: '过短',
  maximum: '超出范围',
  minimum: '超出范围',
  enum: '取值不在允许范围内',
  pattern: '格式不正确',
  format: '格式不正确',
  maxItems: '数量过多',
  minItems: '数量过少',
  additionalProperties: '含有不支持的字段',
};

interface AjvIssue {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
}

/** Turns a schema-validation failure into one Chinese sentence naming the field. */
export function validationMessage(issues: AjvIssue[] | undefined, context?: string): string {
  const first = issues?.[0];
  if (!first) return ERRORS.badRequest.msg;
  const field =
    first.keyword === 'required'
      ? String(first.params?.missingProperty ?? '')
      : (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const text = AJV_KEYWORD_TEXT[first.keyword] ?? '格式不正确';
  const where = context === 'body' ? '' : '';
  return field ? `请求参数错误：${where}${field} ${text}` : `请求参数错误：${text}`;
}
