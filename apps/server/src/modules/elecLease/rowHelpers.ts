/**
 * What 电单车租赁's routes, services and presenters share about rows and values: a row found or
 * 数据不存在 (a foreign one answers the same), input text trimmed, a date as epoch ms, fen as yuan
 * text. Not a tenant scope: that is core/accountScope.ts, used by the queries.
 */
import { AppError } from '../../http/errors.ts';
import { ELEC_LEASE_ERRORS } from '@chelian/contracts';

/** A missing or foreign row: both answer the same. */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw new AppError(ELEC_LEASE_ERRORS.notFound);
  return row;
}

export const clean = (s: string | undefined) => (s ?? '').trim();
export const ms = (d: Date | null) => (d ? d.getTime() : null);
/** Fen as yuan text for messages: 12345 → '123.45'. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);
