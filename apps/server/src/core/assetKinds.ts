import { VEHICLE_KINDS, isAssetKind, kindsOf, type AssetKind, type AssetProduct } from '@chelian/contracts';

/*
 * The server's reading of the asset kinds (docs/asset-kinds.md). Which kinds a sub-product shows is
 * said once, in packages/contracts assetKinds.ts (PRODUCT_ASSET_KINDS); the queries here filter by it.
 * A vehicle row's kind is vehicles.type (checked by the database to be one of the four); a pet is
 * one by its own table.
 */

const literal = (kinds: readonly AssetKind[]) => kinds.map((k) => `'${k}'`).join(', ');

/** SQL: the kind column holds one of the kinds bound as the text[] parameter `$param`. */
export const kindIn = (column: string, param: number) => `${column} = ANY($${param}::text[])`;

/** SQL: the kind column holds a kind that drives (车辆, 电单车): the reports' and the monitor's fleet. */
export const isVehicleKind = (column: string) => `${column} IN (${literal(VEHICLE_KINDS)})`;

/**
 * SQL: the kind of the asset terminal `t` sits in now — its vehicle row's type, else 'pet' when a
 * pet wears it, else 'ebike' when it is a 新国标 bike's module; NULL when it sits in nothing. The
 * database's `terminal_asset_kind(id)` (migration 0065, which stamps each alarm and command with it:
 * `alarms.asset_kind`, `commands.asset_kind`) reads the same; written out here because PostgreSQL
 * does not inline that function, and called per row of a 10 000-terminal list it costs ~4 µs a row
 * more. assetKinds.test.ts holds the two to one answer.
 */
export const terminalKind = (t: string) =>
  `COALESCE((SELECT kv.type FROM vehicles kv WHERE kv.terminal_id = ${t}.id),
            (SELECT 'pet' FROM pets kp WHERE kp.terminal_id = ${t}.id),
            (SELECT 'ebike' FROM elec_gb_bikes kg WHERE kg.terminal_id = ${t}.id))`;

/**
 * Where the alarms of a terminal sitting in no asset (connected, not yet fitted in a vehicle, a bike,
 * a badge or a collar) are listed: with the vehicles', in 智能车联's 报警中心 and 数据报表's 报警明细,
 * the platform's home of terminals (docs/facts.md). Its positions show in every monitor as before.
 */
export const NO_ASSET_ALARMS_KIND: AssetKind = 'vehicle';

/** Whether a list showing `kinds` lists an alarm of a terminal in an asset of `kind` (null: in none). */
export const alarmListedFor = (kinds: readonly AssetKind[], kind: AssetKind | null) => kinds.includes(kind ?? NO_ASSET_ALARMS_KIND);

/** SQL: the alarm kind column (terminalKind, NULL: in none) is listed for the kinds bound as text[] `$param`. */
export const alarmKindIn = (column: string, param: number) => kindIn(`COALESCE(${column}, '${NO_ASSET_ALARMS_KIND}')`, param);

/**
 * The kinds a list shows: the product's, narrowed to `asked` when the caller picked one (a kind the
 * product does not show gives no kinds, so an empty list, never another product's assets).
 */
export function listedKinds(product: AssetProduct, asked?: string | null): AssetKind[] {
  const shown = kindsOf(product);
  if (!asked) return [...shown];
  return isAssetKind(asked) && shown.includes(asked) ? [asked] : [];
}

/**
 * SQL: fence `g` belongs to a product showing `kinds`. A fence is drawn once and shared, except a
 * responsibility area (智能工牌's card_areas), which is people's: it shows only where people do.
 */
export const fenceShownFor = (g: string, kinds: readonly AssetKind[]) =>
  kinds.includes('badge') ? 'true' : `NOT EXISTS (SELECT 1 FROM card_areas ka WHERE ka.geofence_id = ${g}.id)`;

/** SQL: the name of the asset terminal `t` sits in when it is no vehicle row (a pet's name, a 新国标 bike's plate or frame). */
export const terminalAssetName = (t: string) =>
  `COALESCE((SELECT kp.name FROM pets kp WHERE kp.terminal_id = ${t}.id),
            (SELECT COALESCE(NULLIF(kg.plate, ''), kg.frame_no) FROM elec_gb_bikes kg WHERE kg.terminal_id = ${t}.id))`;
