import { BEIJING_OFFSET_MS, COMMON_ERRORS } from '@chelian/contracts';
import { AppError } from './errors.ts';

/** A time parameter: epoch milliseconds, or 'YYYY-MM-DD[ HH:mm[:ss]]' read as Beijing time (UTC+8). */
export { TimeParam } from '@chelian/contracts';

const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses a TimeParam; '' → null (cleared). Anything else unreadable is a Chinese 400. */
export function parseTime(value: string | number, field: string): Date | null {
  const text = String(value).trim();
  if (text === '') return null;
  if (/^\d{1,15}$/.test(text)) return new Date(Number(text));
  const m = DATE_TIME.exec(text);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - BEIJING_OFFSET_MS;
    const date = new Date(utc);
    // Date.UTC rolls 2024-02-31 over to March: refuse instead of guessing.
    const back = new Date(utc + BEIJING_OFFSET_MS);
    if (back.getUTCDate() === Number(d) && back.getUTCMonth() === Number(mo) - 1) return date;
  }
  throw new AppError(COMMON_ERRORS.badRequest, { detail: `${field} 时间格式应为毫秒时间戳或 YYYY-MM-DD HH:mm:ss` });
}

/** Optional variant: undefined stays undefined (not given), '' becomes null (cleared). */
export function parseOptionalTime(value: string | number | undefined, field: string): Date | null | undefined {
  return value === undefined ? undefined : parseTime(value, field);
}

export const epochOrNull = (d: Date | null | undefined): number | null => (d ? d.getTime() : null);
