import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { sinceHandOverOf } from '../../core/handover.ts';

/** 电单车租赁's statistics (stats.ts): money, contracts, riders and bikes over a span, in the caller's subtree. */
export const statsQueries = {
  /** Income credited over the span. */
  revenue: (q: Queryable, scope: string, start: Date, end: Date) =>
    q.query<{ revenue: number }>(
      `SELECT COALESCE(sum(l.credit_fen - l.debit_fen), 0)::bigint AS revenue FROM elec_lease_ledger l JOIN elec_lease_journals j ON j.id = l.journal_id
       JOIN accounts a ON a.id = j.account_id WHERE ${accountInScope('a.path', 1)} AND l.ledger_account LIKE 'income:%' AND j.created_at >= $2 AND j.created_at < $3`,
      [scope, start, end],
    ),
  /** Cash received per pay method over the span. */
  cash: (q: Queryable, scope: string, start: Date, end: Date) =>
    q.query<{ method: string; amount: number }>(
      `SELECT substr(l.ledger_account, 6) AS method, sum(l.debit_fen - l.credit_fen)::bigint AS amount FROM elec_lease_ledger l
       JOIN elec_lease_journals j ON j.id = l.journal_id JOIN accounts a ON a.id = j.account_id
      WHERE ${accountInScope('a.path', 1)} AND l.ledger_account LIKE 'cash:%' AND j.created_at >= $2 AND j.created_at < $3 GROUP BY 1 ORDER BY 1`,
      [scope, start, end],
    ),
  /** Contracts open, overdue and running now, and what the overdue owe. */
  contracts: (q: Queryable, scope: string) =>
    q.query<{ open: number; overdue: number; running: number; overdue_fen: number }>(
      `SELECT count(*) FILTER (WHERE c.status IN ('pending', 'active', 'overdue'))::int AS open, count(*) FILTER (WHERE c.status = 'overdue')::int AS overdue,
            count(*) FILTER (WHERE c.status IN ('active', 'overdue'))::int AS running,
            COALESCE(sum((SELECT sum(b.amount_fen - b.paid_fen) FROM elec_lease_bills b WHERE b.contract_id = c.id AND b.status = 'unpaid')) FILTER (WHERE c.status = 'overdue'), 0)::bigint AS overdue_fen
       FROM elec_lease_contracts c JOIN accounts a ON a.id = c.account_id WHERE ${accountInScope('a.path', 1)}`,
      [scope],
    ),
  /** Riders registered over the span. */
  newRiders: (q: Queryable, scope: string, start: Date, end: Date) =>
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM elec_lease_riders r JOIN accounts a ON a.id = r.account_id WHERE ${accountInScope('a.path', 1)} AND r.created_at >= $2 AND r.created_at < $3`,
      [scope, start, end],
    ),
  /** Per bike: mileage (the daily rollup), time rented, and its newest battery health. */
  perBike: (q: Queryable, ids: number[], fromDay: string, toDay: string, start: Date, until: Date) =>
    q.query<{ vehicle_id: number; mileage: number; rented_ms: number; health: number | null; cycles: number | null }>(
      `SELECT v.id AS vehicle_id,
            COALESCE((SELECT sum(d.mileage_km) FROM daily_terminal_stats d WHERE d.terminal_id = v.terminal_id AND d.day BETWEEN $2::date AND $3::date), 0)::float8 AS mileage,
            COALESCE((SELECT sum(extract(epoch FROM LEAST(COALESCE(c.ended_at, $5), $5) - GREATEST(c.started_at, $4))) FROM elec_lease_contracts c
                       WHERE c.vehicle_id = v.id AND c.started_at IS NOT NULL AND c.started_at < $5 AND COALESCE(c.ended_at, $5) > $4), 0)::float8 * 1000 AS rented_ms,
            br.health_pct AS health, br.cycles
       FROM vehicles v LEFT JOIN LATERAL (SELECT r.health_pct, r.cycles FROM ebike_battery_reports r
                         WHERE r.terminal_id = v.terminal_id AND ${sinceHandOverOf('r.terminal_id', 'r.received_at')} ORDER BY r.received_at DESC LIMIT 1) br ON true
      WHERE v.id = ANY($1::bigint[])`,
      [ids, fromDay, toDay, start, until],
    ),
};
