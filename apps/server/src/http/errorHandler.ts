import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_ERRORS, type ErrorEntry } from '@chelian/contracts';
import { AppError, validationMessage } from './errors.ts';

type CommonKey = keyof typeof COMMON_ERRORS;

/** Fastify's own error codes for bad input, mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, CommonKey> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalidBody',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidBody',
  FST_ERR_CTP_EMPTY_TYPE: 'badRequest',
  FST_ERR_CTP_INVALID_TYPE: 'unsupportedMediaType',
  FST_ERR_VALIDATION: 'badRequest',
  FST_ERR_BAD_URL: 'badRequest',
  FST_ERR_ASYNC_CONSTRAINT: 'badRequest',
  FST_REQ_FILE_TOO_LARGE: 'payloadTooLarge',
  FST_PARTS_LIMIT: 'payloadTooLarge',
  FST_FILES_LIMIT: 'payloadTooLarge',
  FST_FIELDS_LIMIT: 'payloadTooLarge',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupportedMediaType',
};

/** A failure envelope's body: flag, Chinese msg, stable errorCode (and the HTTP status as code). */
export function failureBody(entry: ErrorEntry, msg: string = entry.msg, obj: unknown = null) {
  return { code: entry.status >= 400 ? entry.status : undefined, flag: entry.flag, msg, obj, errorCode: entry.code };
}

/** The one producer of failure envelopes: HTTP status, flag, Chinese msg, stable errorCode. */
export function sendFailure(reply: FastifyReply, entry: ErrorEntry, msg: string = entry.msg, obj: unknown = null) {
  reply.request.failureCode = entry.code;
  // Failure envelopes bypass the route's success schema.
  return reply
    .code(entry.status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(failureBody(entry, msg, obj));
}

/** Turns anything a route threw into its catalogued failure; what is not bad input is logged as a 500. */
export function failureOf(err: FastifyError | AppError, request: FastifyRequest): { entry: ErrorEntry; msg: string; obj: unknown } {
  if (err instanceof AppError) return { entry: err.entry, msg: err.message, obj: err.obj };
  const common = (key: CommonKey, msg = COMMON_ERRORS[key].msg) => ({ entry: COMMON_ERRORS[key], msg, obj: null });
  if (err.validation) return common('badRequest', validationMessage(err.validation as never, err.validationContext));
  // PostgreSQL data exceptions (class 22: out of range, invalid text, bad escape…) are bad input
  // that slipped past a schema: still the caller's mistake, never a 5xx.
  if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) return common('badRequest');
  // A foreign key still pointing at the row (a rental bike's contracts, a person's history…):
  // a business refusal the operator can act on, not a server fault.
  if (err.code === '23503') return common('inUse');
  const known = err.code ? FASTIFY_CODES[err.code] : undefined;
  if (known) return common(known);
  // JSON parse failures from content-type parsers arrive as SyntaxError / 400s without a code.
  if (err instanceof SyntaxError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
    return common(err.statusCode === 413 ? 'payloadTooLarge' : err.statusCode === 415 ? 'unsupportedMediaType' : 'invalidBody');
  }
  request.log.error({ err }, 'unhandled error');
  return common('internal');
}

export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const { entry, msg, obj } = failureOf(err, request);
    if (err instanceof AppError && err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
    return sendFailure(reply, entry, msg, obj);
  });
  app.setNotFoundHandler((_request, reply) => sendFailure(reply, COMMON_ERRORS.routeNotFound));
}
