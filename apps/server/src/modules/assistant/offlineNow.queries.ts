import type { AssetKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { inFleet, onlineAt } from '../terminals/vehicles.queries.ts';

export interface OfflineNowRow {
  vehicle_id: number;
  plate: string;
  name: string;
  identifier: string | null;
  /** the terminal's last message of any kind; null: never heard from (or no terminal) */
  last_seen_at: Date | null;
  /** its terminal's service has expired: 实时监控 shows it grey whatever the terminal says */
  expired: boolean;
}

export interface OfflineNowTotals {
  vehicles: number;
  offline: number;
  never: number;
  unbound: number;
  expired: number;
}

// 实时监控's fleet ($1 scope, $2 kinds) and its own rule of online at $3 (vehicles.queries.ts onlineAt).
const OFFLINE = `FROM vehicles v JOIN accounts a ON a.id = v.account_id LEFT JOIN terminals t ON t.id = v.terminal_id
 WHERE ${inFleet(1, 2)}`;

export const offlineNowQueries = {
  /** The fleet's vehicles offline now as 实时监控 counts them: longest silent first, never heard from and unbound last. */
  page: async (q: Queryable, scope: string, kinds: readonly AssetKind[], now: Date, limit: number) => {
    const [totals] = await q.query<OfflineNowTotals>(
      `SELECT count(*)::int AS vehicles, count(*) FILTER (WHERE NOT ${onlineAt(3)})::int AS offline,
              count(*) FILTER (WHERE NOT ${onlineAt(3)} AND t.id IS NOT NULL AND t.last_seen_at IS NULL)::int AS never,
              count(*) FILTER (WHERE t.id IS NULL)::int AS unbound,
              count(*) FILTER (WHERE COALESCE(t.service_expires_at < $3, false))::int AS expired
         ${OFFLINE}`,
      [scope, kinds, now],
    );
    const rows = await q.query<OfflineNowRow>(
      `SELECT v.id AS vehicle_id, v.plate, v.name, t.identifier, t.last_seen_at, COALESCE(t.service_expires_at < $3, false) AS expired
         ${OFFLINE} AND NOT ${onlineAt(3)}
        ORDER BY t.id IS NULL, t.last_seen_at NULLS LAST, v.plate, v.id LIMIT $4`,
      [scope, kinds, now, limit],
    );
    return { totals: totals!, rows };
  },
};
