import type { Queryable } from '../../db/types.ts';
import { ledgerQueries } from './ledger.queries.ts';

/** One side of a journal: a ledger account debited or credited (fen, positive). */
export interface LedgerLine {
  account: string;
  debit?: number;
  credit?: number;
}

export const BILL_LEDGER: Record<string, string> = {
  rent: 'income:rent',
  insurance: 'income:insurance',
  lateFee: 'income:lateFee',
  deposit: 'deposit',
};
export const cashAccount = (method: string) => `cash:${method}`;

/**
 * Posts one journal: its lines debit and credit the same total, or nothing is written (a bug, not
 * an input error — every caller builds balanced pairs). Amounts are integer fen.
 */
export async function postJournal(
  q: Queryable,
  accountId: number,
  contractId: number | null,
  memo: string,
  lines: LedgerLine[],
): Promise<void> {
  const used = lines.filter((l) => (l.debit ?? 0) > 0 || (l.credit ?? 0) > 0);
  if (used.length === 0) return;
  const debit = used.reduce((s, l) => s + (l.debit ?? 0), 0);
  const credit = used.reduce((s, l) => s + (l.credit ?? 0), 0);
  if (debit !== credit || !used.every((l) => Number.isSafeInteger(l.debit ?? 0) && Number.isSafeInteger(l.credit ?? 0))) {
    throw new Error(`unbalanced journal "${memo}": debit ${debit} credit ${credit}`);
  }
  const journalId = await ledgerQueries.insertJournal(q, accountId, contractId, memo);
  await ledgerQueries.insertLines(q, journalId, used);
}
