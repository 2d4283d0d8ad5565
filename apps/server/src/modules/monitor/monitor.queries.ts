import type { Queryable } from '../../db/types.ts';
import { queryPage } from '../../db/queryPage.ts';
import type { AssetKind } from '@chelian/contracts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { terminalKind } from '../../core/assetKinds.ts';
import { newerThanLatest, newestFirst, ownersFix } from '../../core/freshestFix.ts';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';

export interface LatestRow {
  identifier: string;
  vehicle_id: number | null;
  plate: string | null;
  vehicle_name: string | null;
  online: boolean;
  gps_time: Date;
  received_at: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number;
  valid: boolean;
  satellites: number | null;
  acc: boolean | null;
  mileage: number | null;
  alarms: string[];
  extras: PositionAttributes | null;
  /** past its service expiry: the live position is withheld */
  service_expired: boolean;
}

const LATEST_COLUMNS = `SELECT t.identifier, v.id AS vehicle_id, v.plate, v.name AS vehicle_name, t.online, l.gps_time, l.received_at, l.lat, l.lon,
       l.speed, l.course, l.altitude, l.valid, l.satellites, l.acc, l.mileage, l.alarms, l.extras,
       COALESCE(t.service_expires_at < now(), false) AS service_expired`;
const WITH_OWNER = `LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN vehicles v ON v.terminal_id = t.id`;

/** latest_positions as it is: at most LATEST_POSITION_SECONDS plus a flush behind positions (gateway/latestWrites.ts). */
const LATEST = `${LATEST_COLUMNS}
  FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
  ${WITH_OWNER}`;

/**
 * The same for terminals asked by number (a vehicle's dialog polls it; the assistant answers 在哪
 * from it): a newer fix already in positions (one index probe each) is taken as latest_positions
 * will get it, so these are as fresh as what was acknowledged — newer and usable by the rules of
 * core/freshestFix.ts, which these columns' readers share.
 */
const LATEST_FRESH = `${LATEST_COLUMNS}
  FROM latest_positions l0 JOIN terminals t ON t.id = l0.terminal_id
  CROSS JOIN LATERAL (
    SELECT * FROM (
      (SELECT p.gps_time, p.received_at, p.lat, p.lon, p.speed, p.course, p.altitude, p.valid, p.satellites, p.acc,
              COALESCE(p.mileage, l0.mileage) AS mileage, p.alarms, p.extras
         FROM positions p
        WHERE p.terminal_id = l0.terminal_id AND ${newerThanLatest('p', 'l0')} AND ${ownersFix('p', 't')}
        ORDER BY ${newestFirst('p')} LIMIT 1)
      UNION ALL
      SELECT l0.gps_time, l0.received_at, l0.lat, l0.lon, l0.speed, l0.course, l0.altitude, l0.valid, l0.satellites, l0.acc,
             l0.mileage, l0.alarms, l0.extras) f
    ORDER BY ${newestFirst('f')} LIMIT 1) l
  ${WITH_OWNER}`;

/**
 * 车队's search: the scope's latest positions in service, of 智能车联's kinds, whose plate, vehicle
 * name, terminal number or driver holds the words ($2, containsPattern; null: all); $3 online or not.
 */
const SEARCH_WHERE = `${terminalInScope('a.path', 1)}
   AND (t.service_expires_at IS NULL OR t.service_expires_at >= now())
   AND COALESCE(${terminalKind('t')} = ANY($4::text[]), true)
   AND ($2::text IS NULL OR v.plate ILIKE $2 OR v.name ILIKE $2 OR t.identifier ILIKE $2
        OR v.driver ILIKE $2)`;

export interface FleetSearch {
  scope: string;
  /** what the search box said, as db/likeText.ts containsPattern makes it ('%…%', escaped); null: no filter */
  keyword: string | null;
  online: boolean | null;
  kinds: readonly AssetKind[];
}

export const monitorQueries = {
  /** One page of 车队's search: alarming first, then online, then by plate (or terminal number). */
  searchPage: (q: Queryable, f: FleetSearch, window: { limit: number; offset: number }) =>
    queryPage<LatestRow>(
      q,
      {
        select: `${LATEST} WHERE ${SEARCH_WHERE} AND ($3::boolean IS NULL OR t.online = $3)`,
        countFrom: `FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
                    LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN vehicles v ON v.terminal_id = t.id
                   WHERE ${SEARCH_WHERE} AND ($3::boolean IS NULL OR t.online = $3)`,
        orderBy: `cardinality(l.alarms) > 0 DESC, t.online DESC, COALESCE(NULLIF(v.plate, ''), t.identifier), t.id`,
        params: [f.scope, f.keyword, f.online, f.kinds],
      },
      window,
    ),

  /** How many of the search's matches are online and offline, whatever the 在线/离线 filter. */
  searchCounts: async (q: Queryable, f: FleetSearch) =>
    (
      await q.query<{ online: number; offline: number }>(
        `SELECT count(*) FILTER (WHERE t.online)::int AS online, count(*) FILTER (WHERE NOT t.online)::int AS offline
           FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
           LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN vehicles v ON v.terminal_id = t.id
          WHERE ${SEARCH_WHERE} AND $3::boolean IS NULL`,
        [f.scope, f.keyword, null, f.kinds],
      )
    )[0]!,

  /**
   * Latest positions the scope may see: of the given identifier keys (expired ones flagged; as
   * fresh as positions), or all whose service has not expired (ordered, windowed; latest_positions
   * as it is); `kinds`: none sitting in an asset of another kind (a terminal in no asset yet is
   * still answered: the administrator's stock).
   */
  latest: (q: Queryable, scope: string, keys: string[] | null, limit: number, offset: number, kinds: readonly AssetKind[] | null = null) =>
    q.query<LatestRow>(
      `${keys ? LATEST_FRESH : LATEST} WHERE ${terminalInScope('a.path', 1)}
          AND ($2::text[] IS NULL OR t.identifier_key = ANY($2::text[]))
          AND ($2::text[] IS NOT NULL OR t.service_expires_at IS NULL OR t.service_expires_at >= now())
          AND ($5::text[] IS NULL OR COALESCE(${terminalKind('t')} = ANY($5::text[]), true))
        ORDER BY t.id LIMIT $3 OFFSET $4`,
      [scope, keys, limit, offset, kinds],
    ),
};
