import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';

export const ledgerQueries = {
  insertJournal: async (q: Queryable, accountId: number, contractId: number | null, memo: string) =>
    Number(
      (
        await q.query<{ id: number }>(`INSERT INTO elec_lease_journals (account_id, contract_id, memo) VALUES ($1, $2, $3) RETURNING id`, [
          accountId,
          contractId,
          memo,
        ])
      )[0]!.id,
    ),
  /** A journal's lines, in one statement. */
  insertLines: async (q: Queryable, journalId: number, lines: ReadonlyArray<{ account: string; debit?: number; credit?: number }>) => {
    const params: unknown[] = [journalId];
    const values = lines.map((l) => {
      params.push(l.account, l.debit ?? 0, l.credit ?? 0);
      const n = params.length;
      return `($1, $${n - 2}, $${n - 1}, $${n})`;
    });
    await q.query(`INSERT INTO elec_lease_ledger (journal_id, ledger_account, debit_fen, credit_fen) VALUES ${values.join(', ')}`, params);
  },
  /** Debit and credit per ledger account over the caller's subtree. */
  totals: (q: Queryable, scope: string) =>
    q.query<{ ledger_account: string; debit: number; credit: number; journals: number }>(
      `SELECT l.ledger_account, sum(l.debit_fen)::bigint AS debit, sum(l.credit_fen)::bigint AS credit, count(DISTINCT j.id)::int AS journals
         FROM elec_lease_ledger l JOIN elec_lease_journals j ON j.id = l.journal_id JOIN accounts a ON a.id = j.account_id
        WHERE ${accountInScope('a.path', 1)} GROUP BY l.ledger_account ORDER BY l.ledger_account`,
      [scope],
    ),
  /** How many journals the caller's subtree holds. */
  journalCount: async (q: Queryable, scope: string) =>
    (
      await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM elec_lease_journals j JOIN accounts a ON a.id = j.account_id WHERE ${accountInScope('a.path', 1)}`,
        [scope],
      )
    )[0]?.n ?? 0,
};
