import type { ErrorCode, Failure, Result } from '../model.ts';

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: ErrorCode, detail: string): Failure {
  return { ok: false, error: { code, detail } };
}

/**
 * The boundary of every public decoder: whatever a bug throws becomes a typed 'internal' error,
 * so one bad frame can never take the gateway down.
 */
export function guard<T>(fn: () => Result<T>): Result<T> {
  try {
    return fn();
  } catch (err) {
    return fail('internal', err instanceof Error ? err.message : String(err));
  }
}

export function hex2(n: number): string {
  return '0x' + (n < 16 ? '0' : '') + n.toString(16);
}

export function hex4(n: number): string {
  const s = n.toString(16);
  return '0x' + '0000'.slice(s.length) + s;
}
