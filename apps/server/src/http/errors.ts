import { COMMON_ERRORS, fillErrorText, isKeyOf, isOneOf, type ErrorEntry } from '@chelian/contracts';

export interface AppErrorOptions {
  /** Values for the text's `{name}` placeholders. */
  params?: Readonly<Record<string, string | number>>;
  /** Said after the catalogue's text: '请求参数错误：end 格式不正确'. */
  detail?: string;
  /** Data the client may act on (e.g. the rows an import refused). */
  obj?: unknown;
  /** Sent as Retry-After (a rate limit's refusal). */
  retryAfterSeconds?: number;
}

/**
 * A failure from a catalogue (packages/contracts, one per module): handlers and services throw
 * it; the one error handler (errorHandler.ts) turns it into the envelope with its errorCode.
 */
export class AppError extends Error {
  readonly entry: ErrorEntry;
  readonly obj: unknown;
  readonly retryAfterSeconds: number | undefined;
  constructor(entry: ErrorEntry, options: AppErrorOptions = {}) {
    const text = fillErrorText(entry.msg, options.params);
    super(options.detail ? `${text}：${options.detail}` : text);
    this.entry = entry;
    this.obj = options.obj ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** How a refusal's text names things: `{value}` gets the word sent, `{list}` the list's words joined with '、'. */
export interface RefusalNames {
  value?: string;
  list?: string;
  /** Fixed values for the text's other placeholders ({ field: '种类' }). */
  params?: Readonly<Record<string, string | number>>;
}

/**
 * The one refusal of a word outside its closed list: a field the contract types as the list's union
 * for callers but which the wire takes as any text (OneOfChecked), or a list's filter on a closed
 * column. Returns the word, narrowed; otherwise throws `error` in its catalogue's Chinese words.
 * `names` says which placeholders get the word sent and the list (a string: the word's placeholder).
 * A names record's keys are checked as own keys, so 'toString' is refused too.
 */
export function oneOfOrRefuse<const T extends string>(
  list: readonly T[],
  value: unknown,
  error: ErrorEntry,
  names?: string | RefusalNames,
): T;
/** A names record (`{ active: '已加入', … }`) is the list of its keys. */
export function oneOfOrRefuse<const R extends Readonly<Record<string, string>>>(
  list: R,
  value: unknown,
  error: ErrorEntry,
  names?: string | RefusalNames,
): keyof R & string;
export function oneOfOrRefuse(
  list: readonly string[] | Readonly<Record<string, string>>,
  value: unknown,
  error: ErrorEntry,
  names: string | RefusalNames = {},
): string {
  if (Array.isArray(list) ? isOneOf(list, value) : isKeyOf(list as Readonly<Record<string, string>>, value)) return value as string;
  const words: readonly string[] = Array.isArray(list) ? list : Object.keys(list);
  const { value: valueParam, list: listParam, params } = typeof names === 'string' ? { value: names } : names;
  throw new AppError(error, {
    params: {
      ...params,
      ...(valueParam && { [valueParam]: String(value) }),
      ...(listParam && { [listParam]: words.join('、') }),
    },
  });
}

/** A rate limit's refusal: 429, 请求过于频繁，请N秒后再试, and Retry-After. */
export function rateLimitedError(seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(COMMON_ERRORS.rateLimited, { params: { seconds: wait }, retryAfterSeconds: wait });
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
  if (!first) return COMMON_ERRORS.badRequest.msg;
  const field =
    first.keyword === 'required'
      ? String(first.params?.missingProperty ?? '')
      : (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const text = AJV_KEYWORD_TEXT[first.keyword] ?? '格式不正确';
  const where = context === 'body' ? '' : '';
  return field ? `请求参数错误：${where}${field} ${text}` : `请求参数错误：${text}`;
}
