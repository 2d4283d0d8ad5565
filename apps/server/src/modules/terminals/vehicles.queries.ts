import type { Queryable } from '../../db/types.ts';
import { inGroupSubtree } from './groupSubtree.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { kindIn } from '../../core/assetKinds.ts';
import type { AssetKind, ServiceState } from '@chelian/contracts';
import { queryPage } from '../../db/queryPage.ts';

export interface VehicleRow {
  id: number;
  account_id: number;
  account_name: string;
  account_path: string;
  group_id: number | null;
  group_name: string | null;
  name: string;
  plate: string;
  plate_color: number;
  type: AssetKind;
  driver: string;
  driver_phone: string;
  icon: string;
  remark: string;
  speed_limit_kmh: number | null;
  created_at: Date;
  terminal_pk: number | null;
  identifier: string | null;
  protocol: string | null;
  model: string | null;
  sim: string | null;
  online: boolean | null;
  enabled: boolean | null;
  activated_at: Date | null;
  service_expires_at: Date | null;
  last_seen_at: Date | null;
}

const SELECT = `SELECT v.id, v.account_id, a.name AS account_name, a.path AS account_path, v.group_id, g.name AS group_name,
       v.name, v.plate, v.plate_color, v.type, v.driver, v.driver_phone, v.icon, v.remark, v.speed_limit_kmh::float8 AS speed_limit_kmh, v.created_at,
       t.id AS terminal_pk, t.identifier, t.protocol, t.model, t.sim, t.online, t.enabled, t.activated_at,
       t.service_expires_at, t.last_seen_at
  FROM vehicles v JOIN accounts a ON a.id = v.account_id
  LEFT JOIN vehicle_groups g ON g.id = v.group_id LEFT JOIN terminals t ON t.id = v.terminal_id`;

export interface VehicleFilter {
  scope: string;
  /** what the search box said, as db/likeText.ts containsPattern makes it ('%…%', escaped); null: no filter */
  keyword: string | null;
  /** The group and every group below it. */
  groupId: number | null;
  /** the asset kinds listed (core/assetKinds.ts listedKinds: the product's, or the one picked) */
  kinds: readonly AssetKind[];
  accountId: number | null;
  online: boolean | null;
  protocol: string | null;
  /** 'unactivated' | 'active' | 'expired' | 'disabled' | 'unbound' (as assets.presenter's terminalStatus decides) */
  serviceState: ServiceState | null;
}

/**
 * The assets of a product's fleet (docs/asset-kinds.md): in the scope bound at `$scopeParam`, of the
 * kinds bound at `$kindsParam`, whatever else the list filters. 实时监控's list and 数据中心's figures
 * (dataCenter.queries.ts) are these rows, so the two count alike.
 */
export const inFleet = (scopeParam: number, kindsParam: number) =>
  `${terminalInScope('a.path', scopeParam)} AND ${kindIn('v.type', kindsParam)}`;

/** Online as 实时监控 shows an asset at the instant bound at `$param`: its terminal online and its service running (an expired one is grey, offline). */
export const onlineAt = (param: number) => `(COALESCE(t.online, false) AND NOT COALESCE(t.service_expires_at < $${param}, false))`;

const FILTER = `${inFleet(1, 4)}
   AND ($2::text IS NULL OR v.plate ILIKE $2 OR v.name ILIKE $2 OR t.identifier LIKE $2
        OR v.driver ILIKE $2 OR t.sim LIKE $2)
   AND (CASE WHEN $3::bigint = 0 THEN v.group_id IS NULL ELSE ${inGroupSubtree('v.group_id', 3)} END)
   AND ($5::bigint IS NULL OR v.account_id = $5)
   AND ($6::boolean IS NULL OR COALESCE(t.online, false) = $6)
   AND ($7::text IS NULL OR t.protocol = $7)
   AND ($8::text IS NULL OR $8 = CASE WHEN t.id IS NULL THEN 'unbound' WHEN NOT t.enabled THEN 'disabled'
        WHEN t.service_expires_at < now() THEN 'expired' WHEN t.activated_at IS NULL THEN 'unactivated' ELSE 'active' END)`;

export interface VehicleFields {
  accountId: number;
  groupId: number | null;
  terminalId: number | null;
  name: string;
  plate: string;
  plateColor: number;
  type: AssetKind;
  driver: string;
  driverPhone: string;
  icon: string;
  remark: string;
  /** km/h, null: none */
  speedLimitKmh: number | null;
}

const filterParams = (f: VehicleFilter) => [f.scope, f.keyword, f.groupId, f.kinds, f.accountId, f.online, f.protocol, f.serviceState];

/** A vehicle's columns as insert ($1–$12) and update ($2–$13) bind them, in the one order both name them. */
const fieldParams = (v: VehicleFields) => [
  v.accountId,
  v.groupId,
  v.terminalId,
  v.name,
  v.plate,
  v.type,
  v.driver,
  v.driverPhone,
  v.icon,
  v.remark,
  v.plateColor,
  v.speedLimitKmh,
];

export const vehiclesQueries = {
  page: async (q: Queryable, f: VehicleFilter, limit: number, offset: number) => {
    const params = filterParams(f);
    return queryPage<VehicleRow>(q, { select: `${SELECT} WHERE ${FILTER}`, orderBy: 'v.id DESC', params }, { limit, offset });
  },

  /** The list's rows for an export, newest first. */
  all: (q: Queryable, f: VehicleFilter, limit: number) =>
    q.query<VehicleRow>(`${SELECT} WHERE ${FILTER} ORDER BY v.id DESC LIMIT $9`, [...filterParams(f), limit]),

  /** Moves the vehicles of one group to another (null: ungrouped). */
  regroup: async (q: Queryable, fromGroupId: number, toGroupId: number | null) =>
    (await q.query<{ id: number }>('UPDATE vehicles SET group_id = $2 WHERE group_id = $1 RETURNING id', [fromGroupId, toGroupId])).length,

  visibleByIds: (q: Queryable, scope: string, ids: number[]) =>
    q.query<VehicleRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} AND v.id = ANY($2::bigint[]) ORDER BY v.id`, [scope, ids]),

  /** Plates already taken on the platform (whoever owns them), except by `exceptId`. */
  takenPlates: async (q: Queryable, plates: string[], exceptId: number | null = null) =>
    (
      await q.query<{ plate: string }>('SELECT plate FROM vehicles WHERE plate = ANY($1::text[]) AND ($2::bigint IS NULL OR id <> $2)', [
        plates,
        exceptId,
      ])
    ).map((r) => r.plate),

  insert: async (q: Queryable, v: VehicleFields) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO vehicles (account_id, group_id, terminal_id, name, plate, type, driver, driver_phone, icon, remark, plate_color, speed_limit_kmh)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
        fieldParams(v),
      )
    )[0].id,

  update: (q: Queryable, id: number, v: VehicleFields) =>
    q.query(
      `UPDATE vehicles SET account_id = $2, group_id = $3, terminal_id = $4, name = $5, plate = $6, type = $7, driver = $8,
              driver_phone = $9, icon = $10, remark = $11, plate_color = $12, speed_limit_kmh = $13 WHERE id = $1`,
      [id, ...fieldParams(v)],
    ),

  delete: async (q: Queryable, ids: number[]) =>
    (await q.query<{ id: number }>('DELETE FROM vehicles WHERE id = ANY($1::bigint[]) RETURNING id', [ids])).length,

  move: (q: Queryable, ids: number[], accountId: number, groupId: number | null) =>
    q.query('UPDATE vehicles SET account_id = $2, group_id = $3 WHERE id = ANY($1::bigint[])', [ids, accountId, groupId]),

  /** A terminal re-assigned to another account leaves the vehicle it sat in. */
  unbindTerminals: (q: Queryable, terminalIds: number[]) =>
    q.query('UPDATE vehicles SET terminal_id = NULL WHERE terminal_id = ANY($1::bigint[])', [terminalIds]),
};
