import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';

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
  const [journal] = await q.query<{ id: number }>(
    `INSERT INTO elec_lease_journals (account_id, contract_id, memo) VALUES ($1, $2, $3) RETURNING id`,
    [accountId, contractId, memo],
  );
  const params: unknown[] = [journal!.id];
  const values = used.map((l) => {
    params.push(l.account, l.debit ?? 0, l.credit ?? 0);
    const n = params.length;
    return `($1, $${n - 2}, $${n - 1}, $${n})`;
  });
  await q.query(`INSERT INTO elec_lease_ledger (journal_id, ledger_account, debit_fen, credit_fen) VALUES ${values.join(', ')}`, params);
}

/** Debit and credit per ledger account over the caller's subtree. */
export const ledgerTotals = (q: Queryable, scope: string) =>
  q.query<{ ledger_account: string; debit: number; credit: number; journals: number }>(
    `SELECT l.ledger_account, sum(l.debit_fen)::bigint AS debit, sum(l.credit_fen)::bigint AS credit, count(DISTINCT j.id)::int AS journals
       FROM elec_lease_ledger l JOIN elec_lease_journals j ON j.id = l.journal_id JOIN accounts a ON a.id = j.account_id
      WHERE ${accountInScope('a.path', 1)} GROUP BY l.ledger_account ORDER BY l.ledger_account`,
    [scope],
  );
