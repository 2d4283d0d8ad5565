import type { Queryable } from '../../db/types.ts';
import type { AssetKind } from '@chelian/contracts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { terminalKind } from '../../core/assetKinds.ts';
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

const LATEST = `SELECT t.identifier, v.id AS vehicle_id, v.plate, v.name AS vehicle_name, t.online, l.gps_time, l.received_at, l.lat, l.lon,
       l.speed, l.course, l.altitude, l.valid, l.satellites, l.acc, l.mileage, l.alarms, l.extras,
       COALESCE(t.service_expires_at < now(), false) AS service_expired
  FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
  LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN vehicles v ON v.terminal_id = t.id`;

export const monitorQueries = {
  /**
   * Latest positions the scope may see: of the given identifier keys (expired ones flagged), or
   * all whose service has not expired (ordered, windowed); `kinds`: none sitting in an asset of
   * another kind (a terminal in no asset yet is still answered: the administrator's stock).
   */
  latest: (q: Queryable, scope: string, keys: string[] | null, limit: number, offset: number, kinds: readonly AssetKind[] | null = null) =>
    q.query<LatestRow>(
      `${LATEST} WHERE ${terminalInScope('a.path', 1)}
          AND ($2::text[] IS NULL OR t.identifier_key = ANY($2::text[]))
          AND ($2::text[] IS NOT NULL OR t.service_expires_at IS NULL OR t.service_expires_at >= now())
          AND ($5::text[] IS NULL OR COALESCE(${terminalKind('t')} = ANY($5::text[]), true))
        ORDER BY t.id LIMIT $3 OFFSET $4`,
      [scope, keys, limit, offset, kinds],
    ),
};
