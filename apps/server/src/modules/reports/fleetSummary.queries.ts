import type { Queryable } from '../../db/types.ts';
import { isVehicleKind } from '../../core/assetKinds.ts';

/*
 * The data centre's summary of the daily rollups (migration 0029): one row per account and day in
 * daily_account_stats, each terminal's km over the window's finished days in
 * terminal_recent_mileage, and in data_center_summary the window and the fleet's fingerprint they
 * were counted with. The rollup keeps them (fleetSummary.ts); the data centre reads them. All of
 * them are of the kinds that drive (车辆, 电单车: docs/asset-kinds.md), as the data centre's daily
 * rows (dataCenter.queries.ts FLEET_DAYS): people and pets have no km, activity or 上线率 there.
 */

/** A day counts for the vehicle's owner from the Beijing day of the terminal's hand-over on (as in the reports). */
const OWNED = `(t.assigned_at IS NULL OR s.day >= ((t.assigned_at + interval '8 hours') AT TIME ZONE 'UTC')::date)`;
const ACTIVE = '(s.online_seconds > 0 OR s.position_count > 0)';

/**
 * Who owns what: every vehicle of a kind that drives with its account, terminal and the terminal's
 * hand-over. A transfer, a rebinding, a hand-over or a kind changed into or out of them changes it,
 * and with it what the summary's rows would be.
 */
const FINGERPRINT = `SELECT count(*)::text || ':' || COALESCE(sum(hashtext(v.id || ':' || v.account_id || ':' || t.id || ':' || COALESCE(extract(epoch FROM t.assigned_at)::text, '-'))), 0)::text
  FROM vehicles v JOIN terminals t ON t.id = v.terminal_id WHERE ${isVehicleKind('v.type')}`;

export interface SummaryState {
  from_day: string;
  through_day: string;
  /** the summary's fingerprint equals the fleet's now */
  current: boolean;
}

export const fleetSummaryQueries = {
  fingerprint: async (q: Queryable) => (await q.query<{ fp: string }>(`SELECT (${FINGERPRINT}) AS fp`))[0].fp,

  /** The summary's window, and whether it was counted with the fleet as it is now; none before the first refresh. */
  state: async (q: Queryable): Promise<SummaryState | undefined> =>
    (
      await q.query<SummaryState>(
        `SELECT to_char(from_day, 'YYYY-MM-DD') AS from_day, to_char(through_day, 'YYYY-MM-DD') AS through_day, fingerprint = (${FINGERPRINT}) AS current
         FROM data_center_summary`,
      )
    )[0],

  /** Recounts the accounts' rows of days from..to from daily_terminal_stats (the rollup's transaction calls it for its day). */
  refreshAccountDays: async (q: Queryable, from: string, to: string) => {
    await q.query('DELETE FROM daily_account_stats WHERE day BETWEEN $1::date AND $2::date', [from, to]);
    await q.query(
      `INSERT INTO daily_account_stats (account_id, day, alarms, active, mileage_km, owned_alarms, owned_active, owned_mileage_km)
       SELECT v.account_id, s.day, COALESCE(sum(s.alarm_count), 0), count(*) FILTER (WHERE ${ACTIVE}), COALESCE(sum(s.mileage_km), 0),
              COALESCE(sum(s.alarm_count) FILTER (WHERE ${OWNED}), 0), count(*) FILTER (WHERE ${OWNED} AND ${ACTIVE}),
              COALESCE(sum(s.mileage_km) FILTER (WHERE ${OWNED}), 0)
         FROM daily_terminal_stats s JOIN vehicles v ON v.terminal_id = s.terminal_id JOIN terminals t ON t.id = s.terminal_id
        WHERE s.day BETWEEN $1::date AND $2::date AND ${isVehicleKind('v.type')}
        GROUP BY v.account_id, s.day`,
      [from, to],
    );
  },

  /** Recounts every terminal's km over from..through and records the window with the fleet's fingerprint. */
  refreshWindow: async (q: Queryable, from: string, through: string) => {
    await q.query('DELETE FROM terminal_recent_mileage');
    await q.query(
      `INSERT INTO terminal_recent_mileage (terminal_id, km, owned_km)
       SELECT s.terminal_id, sum(s.mileage_km), COALESCE(sum(s.mileage_km) FILTER (WHERE ${OWNED}), 0)
         FROM daily_terminal_stats s JOIN terminals t ON t.id = s.terminal_id
        WHERE s.day BETWEEN $1::date AND $2::date AND EXISTS (SELECT 1 FROM vehicles v WHERE v.terminal_id = s.terminal_id AND ${isVehicleKind('v.type')})
        GROUP BY s.terminal_id HAVING sum(s.mileage_km) > 0`,
      [from, through],
    );
    await q.query(
      `INSERT INTO data_center_summary (id, from_day, through_day, fingerprint, refreshed_at) VALUES (true, $1::date, $2::date, (${FINGERPRINT}), now())
       ON CONFLICT (id) DO UPDATE SET from_day = EXCLUDED.from_day, through_day = EXCLUDED.through_day, fingerprint = EXCLUDED.fingerprint, refreshed_at = now()`,
      [from, through],
    );
  },
};
