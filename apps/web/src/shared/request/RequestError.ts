import type { HttpResponse } from './http.ts';

/** How every failed call rejects: the envelope's flag/msg/obj when there was one, else a transport text. */
export class RequestError<T = unknown> extends Error {
  readonly flag: number | undefined;
  readonly code: number | undefined;
  readonly obj: T | undefined;
  /** The stable code of the failure (packages/contracts error catalogues): what callers decide on. */
  readonly errorCode: string | undefined;
  readonly response: HttpResponse | undefined;

  constructor(init: { msg: string; flag?: number; code?: number; obj?: T; errorCode?: string; response?: HttpResponse }) {
    super(init.msg);
    this.name = 'RequestError';
    this.flag = init.flag;
    this.code = init.code;
    this.obj = init.obj;
    this.errorCode = init.errorCode;
    this.response = init.response;
  }

  /** Whether the failure is this catalogue entry: `if (error.is(AUTH_ERRORS.captchaRequired))`. */
  is(entry: { code: string }): boolean {
    return this.errorCode === entry.code;
  }

  /** The envelope-style msg (kept under this name because the spec's callers read `msg`). */
  get msg(): string {
    return this.message;
  }
}

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
