/**
 * Geofences (car app): circles and polygons drawn on the map and attached to vehicles; the
 * engine raises enter/exit alarms. Coordinates are [lon, lat], WGS-84; radius in metres.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOfKeys, PageQuery, SpeedLimitKmh, pageOf } from './schemas.ts';

export type LonLat = [number, number];

export const MIN_FENCE_RADIUS_M = 10;
export const MAX_FENCE_RADIUS_M = 500_000;
export const MAX_FENCE_POINTS = 5000;

/** [lon, lat], WGS-84: validated as a two-number array, typed as a pair. */
const LonLatSchema = Type.Unsafe<LonLat>(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }));
/**
 * A fence's shape and its name, the one list: every fence of every sub-product (车联's geofences,
 * 智能工牌's areas, the e-bikes' fences and lease areas, 宠物's safe zones) is a circle or a polygon.
 */
export const FENCE_KIND_NAMES = { circle: '圆形', polygon: '多边形' } as const;
export type GeofenceKind = keyof typeof FENCE_KIND_NAMES;
export const FENCE_KINDS = Object.keys(FENCE_KIND_NAMES) as GeofenceKind[];
export const FenceKindSchema = OneOfKeys(FENCE_KIND_NAMES);

export const GeofenceSchema = Type.Object({
  geofenceId: Type.Integer(),
  name: Type.String(),
  kind: FenceKindSchema,
  kindName: Type.String(),
  center: Nullable(LonLatSchema),
  radius: Nullable(Type.Number()),
  rings: Type.Array(Type.Array(LonLatSchema)),
  alarmEnter: Type.Boolean(),
  alarmExit: Type.Boolean(),
  remark: Type.String(),
  /** km/h for the vehicles attached, inside the fence (the overspeed report); null: none */
  speedLimitKmh: Nullable(Type.Number()),
  accountId: Type.Integer(),
  accountName: Type.String(),
  vehicleCount: Type.Integer(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type Geofence = Static<typeof GeofenceSchema>;

/** detail, add, update, bindVehicles and unbindVehicles answer a fence with its vehicles. */
const GeofenceDetailSchema = Type.Intersect([GeofenceSchema, Type.Object({ vehicleIds: Type.Array(Type.Integer()) })]);
export type GeofenceDetail = Static<typeof GeofenceDetailSchema>;

const GeofencePageSchema = pageOf(GeofenceSchema);
export type GeofencePage = Static<typeof GeofencePageSchema>;

const GeofenceListQuery = Type.Intersect([
  PageQuery,
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 40 })), accountId: Type.Optional(Id()) }),
]);
export type GeofenceListQuery = Static<typeof GeofenceListQuery>;

/** A circle has center and radius, a polygon rings. */
const fenceFields = {
  name: Type.String({ minLength: 1, maxLength: 40 }),
  kind: FenceKindSchema,
  center: Type.Optional(LonLatSchema),
  radius: Type.Optional(Type.Number()),
  rings: Type.Optional(Type.Array(Type.Array(LonLatSchema, { maxItems: MAX_FENCE_POINTS }), { minItems: 1, maxItems: 20 })),
  alarmEnter: Type.Optional(Type.Boolean()),
  alarmExit: Type.Optional(Type.Boolean()),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
  /** km/h; absent, 0 or null: none */
  speedLimitKmh: Type.Optional(Nullable(SpeedLimitKmh())),
  accountId: Type.Optional(Id()),
};
const GeofenceInput = Type.Object(fenceFields);
export type GeofenceInput = Static<typeof GeofenceInput>;
const GeofenceUpdate = Type.Object({ geofenceId: Id(), ...fenceFields });
export type GeofenceUpdate = Static<typeof GeofenceUpdate>;

/** Ids comma-separated. */
const IdList = Type.String({ minLength: 1, maxLength: 20_000 });
const GeofenceDeleteResultSchema = Type.Object({ deleted: Type.Integer() });
/** replace: the fence's vehicles become exactly these */
const GeofenceBindForm = Type.Object({
  geofenceId: Id(),
  vehicleIds: Type.String({ maxLength: 20_000 }),
  replace: Type.Optional(Type.Boolean()),
});
export type GeofenceBindForm = Static<typeof GeofenceBindForm>;

const base = '/car/v4/api/geofence';
const tag = '电子围栏';

export const geofenceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/list.json`,
    tag,
    summary: '查询围栏列表',
    permission: 'car:geofence',
    input: GeofenceListQuery,
    answer: GeofencePageSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: `${base}/detail.json`,
    tag,
    summary: '查询围栏详情',
    permission: 'car:geofence',
    input: Type.Object({ geofenceId: Id() }),
    answer: GeofenceDetailSchema,
  }),
  vehicleFences: endpoint({
    method: 'GET',
    path: `${base}/vehicleFences.json`,
    tag,
    summary: '查询车辆的围栏',
    permission: 'car:geofence',
    input: Type.Object({ vehicleId: Id() }),
    answer: Type.Array(GeofenceSchema),
  }),
  add: endpoint({
    method: 'POST',
    path: `${base}/add.json`,
    tag,
    summary: '新增围栏',
    permission: 'car:geofence:edit',
    encoding: 'json',
    input: GeofenceInput,
    answer: GeofenceDetailSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: `${base}/update.json`,
    tag,
    summary: '修改围栏',
    permission: 'car:geofence:edit',
    encoding: 'json',
    input: GeofenceUpdate,
    answer: GeofenceDetailSchema,
  }),
  delete: endpoint({
    method: 'POST',
    path: `${base}/delete.json`,
    tag,
    summary: '删除围栏',
    permission: 'car:geofence:edit',
    input: Type.Object({ geofenceIds: IdList }),
    answer: GeofenceDeleteResultSchema,
  }),
  bindVehicles: endpoint({
    method: 'POST',
    path: `${base}/bindVehicles.json`,
    tag,
    summary: '围栏绑定车辆',
    permission: 'car:geofence:edit',
    input: GeofenceBindForm,
    answer: GeofenceDetailSchema,
  }),
  unbindVehicles: endpoint({
    method: 'POST',
    path: `${base}/unbindVehicles.json`,
    tag,
    summary: '围栏解绑车辆',
    permission: 'car:geofence:edit',
    input: Type.Object({ geofenceId: Id(), vehicleIds: IdList }),
    answer: GeofenceDetailSchema,
  }),
};

export const GEOFENCE_ERRORS = defineErrors('geofence', {
  nameMissing: '请填写围栏名称',
  centerMissing: '请在地图上选择圆形围栏的圆心',
  radiusRange: '圆形围栏半径应在 {min} 米到 {maxKm} 公里之间',
  tooFewPoints: '多边形围栏至少需要 3 个顶点',
  outOfRange: '围栏坐标超出范围',
  tooManyPoints: '多边形围栏顶点不能超过 {max} 个',
  notVisible: { msg: '围栏不存在或无权访问', status: 404 },
  vehicleOutsideAccount: '车辆 {vehicle} 不属于围栏所在账户',
  noVehicles: { msg: '请选择车辆', status: 400 },
});
