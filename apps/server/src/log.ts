import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';

/** The process's logger (pino, JSON lines on stdout); Fastify takes the same instance. */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): FastifyBaseLogger {
  return pino({ level, base: undefined }) as unknown as FastifyBaseLogger;
}
