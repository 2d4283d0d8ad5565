import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { AssetKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { queryPage } from '../../db/queryPage.ts';
import { alarmKindIn } from '../../core/assetKinds.ts';
import { inGroupSubtree } from '../terminals/groupSubtree.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import type { AlarmRow } from '../../core/alarm.presenter.ts';
import { ALARM_ROW_COLUMNS } from '../../core/alarmRow.queries.ts';

export interface AlarmFilter {
  scope: string;
  terminalKey: string | null;
  vehicleId: number | null;
  types: string[] | null;
  start: Date | null;
  end: Date | null;
  handled: boolean | null;
  /** what the search box said, as db/likeText.ts containsPattern makes it ('%…%', escaped); null: no filter */
  keyword: string | null;
  /** Real-time lists leave out the types the caller's account switched off in its alarm settings. */
  settingsAccountId: number | null;
  /** The vehicle's group or any group below it (reports filter by group). */
  groupId?: number | null;
  /**
   * The asset kinds listed (docs/asset-kinds.md): the sub-product's, kindsOf(product); an alarm of a
   * terminal sitting in an asset of another kind is not its, and one of a terminal in none is listed
   * with the vehicles' (core/assetKinds.ts NO_ASSET_ALARMS_KIND: 智能车联's, 数据报表's). null: every
   * alarm of the scope (数据中心, which splits them by kind, 未绑定 apart).
   */
  kinds: readonly AssetKind[] | null;
}

/**
 * SQL: the kind of the asset that raised the alarm, stamped when it was raised (migration 0065): a
 * person's stays theirs after their badge is unbound, a pet's after its collar comes off. NULL: in none.
 */
const ALARM_KIND = 'al.asset_kind';

const FROM = `FROM alarms al JOIN terminals t ON t.id = al.terminal_id LEFT JOIN accounts a ON a.id = al.account_id
  LEFT JOIN vehicles v ON v.id = al.vehicle_id LEFT JOIN users u ON u.id = al.handled_by`;

const WHERE = `${terminalInScope('a.path', 1)}
   AND ($2::text IS NULL OR t.identifier_key = $2)
   AND ($3::bigint IS NULL OR al.vehicle_id = $3)
   AND ($4::text[] IS NULL OR al.type = ANY($4::text[]))
   AND ($5::timestamptz IS NULL OR al.alarm_time >= $5)
   AND ($6::timestamptz IS NULL OR al.alarm_time < $6)
   AND ($7::boolean IS NULL OR al.handled = $7)
   AND ($8::text IS NULL OR v.plate ILIKE $8 OR v.name ILIKE $8 OR t.identifier LIKE $8)
   AND ($9::bigint IS NULL OR NOT EXISTS (
        SELECT 1 FROM alarm_controls c WHERE c.account_id = $9 AND c.alarm_type = al.type AND NOT c.enabled))
   AND ${inGroupSubtree('v.group_id', 10)}
   AND ($11::text[] IS NULL OR ${alarmKindIn(ALARM_KIND, 11)})`;

const params = (f: AlarmFilter) => [
  f.scope,
  f.terminalKey,
  f.vehicleId,
  f.types,
  f.start,
  f.end,
  f.handled,
  f.keyword,
  f.settingsAccountId,
  f.groupId ?? null,
  f.kinds,
];

const SELECT = `SELECT al.id, t.identifier, al.vehicle_id, v.plate, v.name AS vehicle_name, ${ALARM_ROW_COLUMNS}`;

/**
 * The one count of the alarms a filter lists, per type (most first): 报警中心's 新报警 N and the
 * header bell (realtimeCount) and every list's 共 N 条 (page) are its sums.
 */
const countByType = (q: Queryable, f: AlarmFilter) =>
  q.query<{ type: AlarmType; n: number }>(
    `SELECT al.type, count(*)::int AS n ${FROM} WHERE ${WHERE} GROUP BY al.type ORDER BY n DESC, al.type`,
    params(f),
  );

export const alarmsQueries = {
  /**
   * A page of the list, and its total: countByType's counts for the same filter add up to it (the
   * figures beside a list are its count). One query a page on PGlite (db/queryPage.ts).
   */
  page: (q: Queryable, f: AlarmFilter, limit: number, offset: number) =>
    queryPage<AlarmRow>(
      q,
      { select: `${SELECT} ${FROM} WHERE ${WHERE}`, orderBy: 'al.alarm_time DESC, al.id DESC', params: params(f) },
      { limit, offset },
    ),

  /** All of page's rows, in its order: an export's cursor (a month of a fleet's alarms may be a million). */
  rowsSql: (f: AlarmFilter) => ({ sql: `${SELECT} ${FROM} WHERE ${WHERE} ORDER BY al.alarm_time DESC, al.id DESC`, params: params(f) }),

  countByType,

  /**
   * The same count per kind of the asset each alarm's terminal sits in (NULL: in none): 数据中心
   * splits today's alarms by kind with it, so its 车辆 + 电单车 equal countByType's sum for 智能车联's
   * kinds (报警中心's, 报警明细's) on the same filter.
   */
  countByKind: (q: Queryable, f: AlarmFilter) =>
    q.query<{ kind: string | null; n: number }>(
      `SELECT ${ALARM_KIND} AS kind, count(*)::int AS n ${FROM} WHERE ${WHERE} GROUP BY 1`,
      params(f),
    ),

  /**
   * countByKind split by the hour since `since` too (数据中心's 今日活跃时段): summed over the hours it
   * is countByKind, so the hourly chart of a kind adds up to that kind's 今日报警.
   */
  countByKindAndHour: (q: Queryable, f: AlarmFilter, since: Date) =>
    q.query<{ kind: string | null; hour: number; n: number }>(
      `SELECT ${ALARM_KIND} AS kind, floor(extract(epoch FROM al.alarm_time - $12::timestamptz) / 3600)::int AS hour, count(*)::int AS n
         ${FROM} WHERE ${WHERE} GROUP BY 1, 2`,
      [...params(f), since],
    ),

  visibleByIds: (q: Queryable, scope: string, ids: number[]) =>
    q.query<AlarmRow & { account_path: string | null }>(
      `${SELECT}, a.path AS account_path ${FROM} WHERE ${terminalInScope('a.path', 1)} AND al.id = ANY($2::bigint[]) ORDER BY al.id`,
      [scope, ids],
    ),

  /**
   * Who handled it and when is recorded; handling again updates the note only (the first handling
   * is what the handling statistics time).
   */
  handle: (q: Queryable, ids: number[], userId: number, note: string) =>
    q.query(
      `UPDATE alarms SET handled_by = CASE WHEN handled THEN handled_by ELSE $2 END, handled_at = CASE WHEN handled THEN handled_at ELSE now() END,
              handled = true, handle_note = $3
        WHERE id = ANY($1::bigint[])`,
      [ids, userId, note],
    ),
};

/** The alarm list's FROM and WHERE (with `alarmListParams` as $1–$11), for reports that count what it lists. */
export const ALARM_LIST_FROM = FROM;
export const ALARM_LIST_WHERE = WHERE;
export const alarmListParams = params;
