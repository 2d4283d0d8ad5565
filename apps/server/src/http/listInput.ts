import { COMMON_ERRORS } from '@chelian/contracts';
import { AppError } from './errors.ts';

/** Comma- or newline-separated list parameter: 'a,b\nc' → ['a','b','c'], blanks dropped. */
export function splitList(value: string | undefined, max = 1000): string[] {
  if (!value) return [];
  const items = value
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length > max) throw new AppError(COMMON_ERRORS.badRequest, { detail: `一次最多${max}项` });
  return items;
}

export function splitIds(value: string | undefined, field: string, max = 1000): number[] {
  const items = splitList(value, max);
  const ids = items.map(Number);
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw new AppError(COMMON_ERRORS.badRequest, { detail: `${field} 格式不正确` });
  return ids;
}
