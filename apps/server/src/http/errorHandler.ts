import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERRORS, type ErrorKey, validationMessage } from './errors.ts';

/** Fastify's own error codes for bad input, mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, ErrorKey> = {
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

function send(reply: FastifyReply, key: ErrorKey, msg: string, obj: unknown = null) {
  const entry = ERRORS[key];
  // Failure envelopes bypass the route's success schema.
  return reply
    .code(entry.status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ code: entry.status >= 400 ? entry.status : undefined, flag: entry.flag, msg, obj });
}

export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) return send(reply, err.key, err.message, err.obj);
    if (err.validation) return send(reply, 'badRequest', validationMessage(err.validation as never, err.validationContext));
    // PostgreSQL data exceptions (class 22: out of range, invalid text, bad escape…) are bad input
    // that slipped past a schema: still the caller's mistake, never a 5xx.
    if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code)) return send(reply, 'badRequest', ERRORS.badRequest.msg);
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return send(reply, known, ERRORS[known].msg);
    // JSON parse failures from content-type parsers arrive as SyntaxError / 400s without a code.
    if (err instanceof SyntaxError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      const key: ErrorKey = err.statusCode === 413 ? 'payloadTooLarge' : err.statusCode === 415 ? 'unsupportedMediaType' : 'invalidBody';
      return send(reply, key, ERRORS[key].msg);
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 'internal', ERRORS.internal.msg);
  });

  app.setNotFoundHandler((_request, reply) => send(reply, 'routeNotFound', ERRORS.routeNotFound.msg));
}
