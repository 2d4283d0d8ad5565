import type { GbBatteryType, GbState, GbUseType } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

/** A registration with its account and bound module. */
export interface GbBikeRow {
  id: number;
  account_id: number;
  account_name: string;
  account_path: string;
  terminal_pk: number | null;
  identifier: string | null;
  online: boolean | null;
  bike_code: string;
  plate: string;
  frame_no: string;
  motor_no: string;
  brand: string;
  model: string;
  ccc_cert: string;
  battery_type: GbBatteryType;
  battery_capacity: number | null;
  battery_voltage: number | null;
  battery_code: string;
  charger_code: string;
  iccid: string;
  owner_name: string;
  owner_phone: string;
  owner_id_no: string;
  use_type: GbUseType;
  positioning_consent: boolean;
  state: GbState;
  declare_token: string;
  created_at: Date;
  updated_at: Date;
}

/** The registry's own columns, as the service writes them. */
export interface GbBikeFields {
  terminalPk: number | null;
  bikeCode: string;
  plate: string;
  frameNo: string;
  motorNo: string;
  brand: string;
  model: string;
  cccCert: string;
  batteryType: GbBatteryType;
  batteryCapacity: number | null;
  batteryVoltage: number | null;
  batteryCode: string;
  chargerCode: string;
  iccid: string;
  ownerName: string;
  ownerPhone: string;
  ownerIdNo: string;
  useType: GbUseType;
  positioningConsent: boolean;
  state: GbState;
}

const SELECT = `SELECT b.id, b.account_id, a.name AS account_name, a.path AS account_path, t.id AS terminal_pk, t.identifier, t.online,
       b.bike_code, b.plate, b.frame_no, b.motor_no, b.brand, b.model, b.ccc_cert, b.battery_type, b.battery_capacity, b.battery_voltage,
       b.battery_code, b.charger_code, b.iccid, b.owner_name, b.owner_phone, b.owner_id_no, b.use_type, b.positioning_consent, b.state,
       b.declare_token, b.created_at, b.updated_at
  FROM elec_gb_bikes b JOIN accounts a ON a.id = b.account_id LEFT JOIN terminals t ON t.id = b.terminal_id`;

/** $1 scope, $2 keyword (LIKE pattern or null), $3 state, $4 use type. */
const FILTER = `${accountInScope('a.path', 1)}
   AND ($2::text IS NULL OR b.frame_no ILIKE $2 OR b.plate ILIKE $2 OR b.owner_name ILIKE $2 OR b.brand ILIKE $2 OR b.bike_code ILIKE $2 OR t.identifier LIKE $2)
   AND ($3::text IS NULL OR b.state = $3) AND ($4::text IS NULL OR b.use_type = $4)`;

export interface GbBikeFilter {
  scope: string;
  like: string | null;
  state: GbState | null;
  useType: GbUseType | null;
}
const filterParams = (f: GbBikeFilter) => [f.scope, f.like, f.state, f.useType];

const COLUMNS = `terminal_id, bike_code, plate, frame_no, motor_no, brand, model, ccc_cert, battery_type, battery_capacity, battery_voltage,
  battery_code, charger_code, iccid, owner_name, owner_phone, owner_id_no, use_type, positioning_consent, state`;
const values = (f: GbBikeFields) => [
  f.terminalPk,
  f.bikeCode,
  f.plate,
  f.frameNo,
  f.motorNo,
  f.brand,
  f.model,
  f.cccCert,
  f.batteryType,
  f.batteryCapacity,
  f.batteryVoltage,
  f.batteryCode,
  f.chargerCode,
  f.iccid,
  f.ownerName,
  f.ownerPhone,
  f.ownerIdNo,
  f.useType,
  f.positioningConsent,
  f.state,
];

export const gbBikesQueries = {
  page: async (q: Queryable, f: GbBikeFilter, limit: number, offset: number) => {
    return queryPage<GbBikeRow>(
      q,
      {
        select: `${SELECT} WHERE ${FILTER}`,
        countFrom: `FROM elec_gb_bikes b JOIN accounts a ON a.id = b.account_id LEFT JOIN terminals t ON t.id = b.terminal_id WHERE ${FILTER}`,
        orderBy: 'b.id DESC',
        params: filterParams(f),
      },
      { limit, offset },
    );
  },

  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<GbBikeRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND b.id = $2`, [scope, id]))[0],

  visibleMany: (q: Queryable, scope: string, ids: number[]) =>
    q.query<GbBikeRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND b.id = ANY($2::bigint[])`, [scope, ids]),

  byToken: async (q: Queryable, token: string) => (await q.query<GbBikeRow>(`${SELECT} WHERE b.declare_token = $1`, [token]))[0],

  /** Registrations holding any of these frame numbers, plates or terminals (other than `exceptId`). */
  clashes: (q: Queryable, frameNos: string[], plates: string[], terminalPks: number[], exceptId = 0) =>
    q.query<{ id: number; frame_no: string; plate: string; terminal_id: number | null }>(
      `SELECT id, frame_no, plate, terminal_id FROM elec_gb_bikes
        WHERE id <> $4 AND (frame_no = ANY($1::text[]) OR (plate <> '' AND plate = ANY($2::text[])) OR terminal_id = ANY($3::bigint[]))`,
      [frameNos, plates, terminalPks, exceptId],
    ),

  insert: async (q: Queryable, accountId: number, f: GbBikeFields, token: string) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO elec_gb_bikes (account_id, declare_token, ${COLUMNS}) VALUES ($1, $2, ${values(f)
            .map((_, i) => `$${i + 3}`)
            .join(', ')}) RETURNING id`,
          [accountId, token, ...values(f)],
        )
      )[0]!.id,
    ),

  /** Many registrations in multi-row statements (an import of thousands of rows): 500 rows a statement. */
  insertMany: async (q: Queryable, rows: Array<{ accountId: number; fields: GbBikeFields; token: string }>) => {
    const width = 2 + values(rows[0]?.fields ?? ({} as GbBikeFields)).length;
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const tuples = chunk.map((_, r) => `(${Array.from({ length: width }, (__, c) => `$${r * width + c + 1}`).join(', ')})`);
      await q.query(
        `INSERT INTO elec_gb_bikes (account_id, declare_token, ${COLUMNS}) VALUES ${tuples.join(', ')}`,
        chunk.flatMap((r) => [r.accountId, r.token, ...values(r.fields)]),
      );
    }
  },

  update: (q: Queryable, id: number, f: GbBikeFields) =>
    q.query(
      `UPDATE elec_gb_bikes SET (${COLUMNS}, updated_at) = (${values(f)
        .map((_, i) => `$${i + 2}`)
        .join(', ')}, now()),
              mismatched = CASE WHEN battery_code = $13 THEN mismatched ELSE false END, last_bms_id = CASE WHEN battery_code = $13 THEN last_bms_id ELSE 0 END
        WHERE id = $1`,
      [id, ...values(f)],
    ),

  delete: (q: Queryable, ids: number[]) =>
    q.query<{ id: number }>(`DELETE FROM elec_gb_bikes WHERE id = ANY($1::bigint[]) RETURNING id`, [ids]),

  /** All rows of the filter (an export; at most `limit`). */
  all: (q: Queryable, f: GbBikeFilter, limit: number) =>
    q.query<GbBikeRow>(`${SELECT} WHERE ${FILTER} ORDER BY b.id DESC LIMIT $5`, [...filterParams(f), limit]),
};
