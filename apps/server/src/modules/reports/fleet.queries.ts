import type { Queryable } from '../../db/types.ts';
import { containsPattern } from '../../db/likeText.ts';
import { VEHICLES, type ReportFilter, type ReportVehicleRow } from './reports.queries.ts';

/*
 * 离线报表 and 到期报表: the fleet as it is now (terminals' presence and service dates), not the
 * daily figures. Both start from the reports' vehicles ($1–$4: scope, vehicle, group, keyword).
 */
const vehicleParams = (f: ReportFilter) => [f.scope, f.vehicleId, f.groupId, containsPattern(f.keyword)];

export interface OfflineRowDb extends ReportVehicleRow {
  last_seen_at: Date | null;
  offline_seconds: number | null;
  gps_time: Date | null;
  lon: number | null;
  lat: number | null;
}

export interface OfflineTotalsDb {
  n: number;
  vehicles: number;
  online: number;
  offline: number;
  never: number;
  under1h: number;
  under1d: number;
  under7d: number;
  under30d: number;
  over30d: number;
}

// Each vehicle's presence and last position; a new owner does not see the previous owner's place ($7).
const PRESENCE = `SELECT v.id, v.plate, v.name, v.group_name, v.account_name, v.identifier, t.online, t.last_seen_at,
       CASE WHEN $7::boolean OR v.assigned_at IS NULL OR lp.gps_time >= v.assigned_at THEN lp.gps_time END AS gps_time,
       CASE WHEN $7::boolean OR v.assigned_at IS NULL OR lp.gps_time >= v.assigned_at THEN lp.lon END AS lon,
       CASE WHEN $7::boolean OR v.assigned_at IS NULL OR lp.gps_time >= v.assigned_at THEN lp.lat END AS lat
  FROM (${VEHICLES}) v JOIN terminals t ON t.id = v.terminal_id LEFT JOIN latest_positions lp ON lp.terminal_id = v.terminal_id`;

// Offline now, for at least $5 seconds (never-online vehicles always), of the kind $6 asks.
const LISTED = `NOT p.online AND (p.last_seen_at IS NULL OR p.last_seen_at <= now() - make_interval(secs => $5))
  AND CASE $6::text WHEN 'never' THEN p.last_seen_at IS NULL WHEN 'offline' THEN p.last_seen_at IS NOT NULL ELSE true END`;

const silentFor = (lo: string | null, hi: string | null) =>
  `count(*) FILTER (WHERE NOT p.online AND p.last_seen_at IS NOT NULL${lo ? ` AND p.last_seen_at <= now() - interval '${lo}'` : ''}${hi ? ` AND p.last_seen_at > now() - interval '${hi}'` : ''})::int`;

export interface ExpireRowDb extends ReportVehicleRow {
  service_expires_at: Date;
  activated_at: Date | null;
  online: boolean;
}

// Expired, or ending within $5 days; $6 'expired' | 'expiring' | 'all'.
const EXPIRING = `FROM (${VEHICLES}) v JOIN terminals t ON t.id = v.terminal_id
 WHERE t.service_expires_at IS NOT NULL`;
const EXPIRE_LISTED = `t.service_expires_at < now() + make_interval(days => $5)
  AND CASE $6::text WHEN 'expired' THEN t.service_expires_at < now() WHEN 'expiring' THEN t.service_expires_at >= now() ELSE true END`;
const endingWithin = (days: number) =>
  `count(*) FILTER (WHERE t.service_expires_at >= now() AND t.service_expires_at < now() + interval '${days} days')::int`;

export const fleetQueries = {
  /** Offline vehicles: longest offline first, never-online ones last; totals of the whole scope. */
  offlinePage: async (q: Queryable, f: ReportFilter, minSeconds: number, kind: string, limit: number, offset: number) => {
    const params = [...vehicleParams(f), minSeconds, kind, f.isPlatformAdmin];
    const [totals] = await q.query<OfflineTotalsDb>(
      `SELECT count(*) FILTER (WHERE ${LISTED})::int AS n, count(*)::int AS vehicles, count(*) FILTER (WHERE p.online)::int AS online,
              count(*) FILTER (WHERE NOT p.online AND p.last_seen_at IS NOT NULL)::int AS offline,
              count(*) FILTER (WHERE NOT p.online AND p.last_seen_at IS NULL)::int AS never,
              ${silentFor(null, '1 hour')} AS under1h, ${silentFor('1 hour', '1 day')} AS under1d, ${silentFor('1 day', '7 days')} AS under7d,
              ${silentFor('7 days', '30 days')} AS under30d, ${silentFor('30 days', null)} AS over30d
         FROM (${PRESENCE}) p`,
      params,
    );
    const rows = await q.query<OfflineRowDb>(
      `SELECT p.id AS vehicle_id, p.plate, p.name AS vehicle_name, p.group_name, p.account_name, p.identifier, p.last_seen_at,
              floor(extract(epoch FROM now() - p.last_seen_at))::int AS offline_seconds, p.gps_time, p.lon, p.lat
         FROM (${PRESENCE}) p WHERE ${LISTED}
        ORDER BY p.last_seen_at NULLS LAST, p.plate, p.id LIMIT $8 OFFSET $9`,
      [...params, limit, offset],
    );
    return { totals, rows };
  },

  /** Expired and expiring terminals' vehicles: the soonest expiry (most overdue) first. */
  expirePage: async (q: Queryable, f: ReportFilter, withinDays: number, status: string, limit: number, offset: number) => {
    const params = [...vehicleParams(f), withinDays, status];
    const [totals] = await q.query<{ n: number; expired: number; expiring: number; within7: number; within30: number; within90: number }>(
      `SELECT count(*) FILTER (WHERE ${EXPIRE_LISTED})::int AS n, count(*) FILTER (WHERE t.service_expires_at < now())::int AS expired,
              count(*) FILTER (WHERE t.service_expires_at >= now() AND t.service_expires_at < now() + make_interval(days => $5))::int AS expiring,
              ${endingWithin(7)} AS within7, ${endingWithin(30)} AS within30, ${endingWithin(90)} AS within90
         ${EXPIRING}`,
      params,
    );
    const rows = await q.query<ExpireRowDb>(
      `SELECT v.id AS vehicle_id, v.plate, v.name AS vehicle_name, v.group_name, v.account_name, v.identifier, t.service_expires_at, t.activated_at, t.online
         ${EXPIRING} AND ${EXPIRE_LISTED}
        ORDER BY t.service_expires_at, v.plate, v.id LIMIT $7 OFFSET $8`,
      [...params, limit, offset],
    );
    return { totals, rows };
  },
};
