/**
 * Monitor (car app): the fleet's current positions and the live feed that keeps them current.
 * The track is playback's (playback.ts).
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import { endpoint } from './endpoint.ts';
import { Nullable, PageQuery, StringRecord, pageOf } from './schemas.ts';
import { PRODUCT_ASSET_KINDS, type AssetProduct } from './assetKinds.ts';

const ASSET_PRODUCTS = Object.keys(PRODUCT_ASSET_KINDS) as AssetProduct[];

/**
 * A position's attributes as stored and sent: the keys of the one catalogue (protocols'
 * positionAttributes.ts, with their units), less statusFlags, which is decoded only (the status
 * word holds it). The schema stays an open record, so an attribute added there needs nothing here.
 */
export type PositionExtras = Omit<PositionAttributes, 'statusFlags'>;

/**
 * A terminal's current position, whether read from lastPositions.json or pushed by the live feed.
 * WGS-84 as received; speed km/h; times epoch ms.
 */
export const LastPositionSchema = Type.Object({
  terminalId: Type.String(),
  vehicleId: Nullable(Type.Integer()),
  plate: Type.String(),
  name: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  speed: Type.Number(),
  direction: Type.Number(),
  altitude: Type.Number(),
  gpsTime: Type.Number(),
  receivedAt: Type.Number(),
  valid: Type.Boolean(),
  online: Type.Boolean(),
  acc: Nullable(Type.Boolean()),
  satellites: Nullable(Type.Integer()),
  mileage: Nullable(Type.Number()),
  alarms: Type.Array(Type.String()),
  alarmNames: Type.Array(Type.String()),
  /** the protocol's attributes beside the columns (fuel, battery, the e-bike's state…), by their catalogue keys */
  extras: Type.Unsafe<PositionExtras>(StringRecord(Type.Unknown())),
});
export type LastPosition = Static<typeof LastPositionSchema>;

/** A terminal going online or offline, as the live feed pushes it; at is epoch ms. */
export const PresenceSchema = Type.Object({
  terminalId: Type.String(),
  vehicleId: Nullable(Type.Integer()),
  plate: Type.String(),
  online: Type.Boolean(),
  at: Type.Number(),
});
export type Presence = Static<typeof PresenceSchema>;

/** Without terminalIds the whole visible fleet is answered in windows of at most this many. */
export const MAX_LAST_POSITIONS = 10_000;

/** terminalIds comma-separated; without them the visible fleet in windows of `limit` (default 2000) from `offset`. */
const LastPositionsQuery = Type.Object({
  terminalIds: Type.Optional(Type.String({ maxLength: 50_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LAST_POSITIONS, default: 2000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
});
export type LastPositionsQuery = Static<typeof LastPositionsQuery>;

/** 车队's search (掌上车联): words in a plate, a vehicle's name, a terminal number or a driver; 在线/离线; paged. */
const FleetSearchQuery = Type.Object({
  ...PageQuery.properties,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  online: Type.Optional(Type.Boolean()),
});
export type FleetSearchQuery = Static<typeof FleetSearchQuery>;

export const monitorEndpoints = {
  lastPositions: endpoint({
    method: 'GET',
    path: '/car/v4/api/monitor/lastPositions.json',
    tag: '监控',
    summary: '查询车辆最新位置',
    input: LastPositionsQuery,
    answer: Type.Array(LastPositionSchema),
  }),
  /**
   * The visible fleet's latest positions matching the words, alarming first, then online, then by
   * plate; with the counts of the words' matches online and offline (the filter's tabs).
   */
  fleetSearch: endpoint({
    method: 'GET',
    path: '/car/v4/api/monitor/fleetSearch.json',
    tag: '监控',
    summary: '车队搜索',
    input: FleetSearchQuery,
    answer: pageOf(LastPositionSchema, { online: Type.Integer(), offline: Type.Integer() }),
  }),
  /**
   * The live feed (WebSocket): a snapshot of latest positions, then positions, alarms and presence
   * of the terminals the session's user sees. The session is checked before the upgrade.
   * `only=alarm`: alarms alone, no snapshot (the shell's alarm tip). `product`: a sub-product's own
   * kinds only (assetKinds.ts kindsOf) — the snapshot, positions and presence none of a terminal sitting
   * in an asset of another kind, the alarms of its kinds only, as its monitor and alarm lists show them.
   */
  live: endpoint({
    method: 'GET',
    path: '/ws/live',
    tag: '监控',
    summary: '实时位置推送',
    input: Type.Object({
      sessionId: Type.Optional(Type.String({ maxLength: 128 })),
      only: Type.Optional(Type.Literal('alarm')),
      product: Type.Optional(Type.Union(ASSET_PRODUCTS.map((p) => Type.Literal(p)))),
    }),
    produces: 'websocket',
  }),
};
