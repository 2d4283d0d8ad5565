import type { GeofenceInput, LonLat } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError, fail } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { pathInScope, scopeParam } from '../../core/accountScope.ts';
import { targetAccount } from '../terminals/assets.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { geofencesQueries, type GeofenceFields, type GeofenceRow } from './geofences.queries.ts';

export const MIN_RADIUS_M = 10;
export const MAX_RADIUS_M = 500_000;
export const MAX_FENCE_POINTS = 5000;
/** Fences and vehicles changed: every process's geofence engine drops what it cached. */
export const GEOFENCE_CHANGED = 'geofence.changed';

const onEarth = (p: number[]) => p.length === 2 && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90 && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** Checks the geometry and shapes the row; coordinates are WGS-84 (the web converts from GCJ-02 before saving). */
export function fenceFields(input: GeofenceInput, accountId: number): GeofenceFields {
  const name = input.name.trim();
  if (!name) throw fail('请填写围栏名称');
  const base = { accountId, name, alarmEnter: input.alarmEnter ?? true, alarmExit: input.alarmExit ?? true, remark: (input.remark ?? '').trim() };
  if (input.kind === 'circle') {
    if (!input.center || !onEarth(input.center)) throw fail('请在地图上选择圆形围栏的圆心');
    const radius = input.radius ?? 0;
    if (!(radius >= MIN_RADIUS_M && radius <= MAX_RADIUS_M)) throw fail(`圆形围栏半径应在 ${MIN_RADIUS_M} 米到 ${MAX_RADIUS_M / 1000} 公里之间`);
    return { ...base, kind: 'circle', centerLon: input.center[0], centerLat: input.center[1], radiusM: Math.round(radius * 10) / 10, rings: null };
  }
  const rings = (input.rings ?? []).map((ring) => {
    const open = ring.length > 1 && ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
    return open.map((p): LonLat => [p[0], p[1]]);
  });
  if (rings.length === 0 || rings.some((r) => r.length < 3)) throw fail('多边形围栏至少需要 3 个顶点');
  if (rings.some((r) => r.some((p) => !onEarth(p)))) throw fail('围栏坐标超出范围');
  if (rings.reduce((n, r) => n + r.length, 0) > MAX_FENCE_POINTS) throw fail(`多边形围栏顶点不能超过 ${MAX_FENCE_POINTS} 个`);
  return { ...base, kind: 'polygon', centerLon: null, centerLat: null, radiusM: null, rings };
}

export async function visibleFences(q: Queryable, user: SessionUser, ids: number[]): Promise<GeofenceRow[]> {
  const rows = await geofencesQueries.visible(q, scopeParam(user), ids);
  if (rows.length !== new Set(ids).size) throw new AppError('notFound', '围栏不存在或无权访问');
  return rows;
}

export async function createFence(q: Queryable, user: SessionUser, input: GeofenceInput): Promise<number> {
  const account = await targetAccount(q, user, input.accountId);
  return geofencesQueries.insert(q, fenceFields(input, account.id), user.userId);
}

export async function updateFence(q: Queryable, user: SessionUser, id: number, input: GeofenceInput): Promise<void> {
  const [fence] = await visibleFences(q, user, [id]);
  const account = input.accountId === undefined ? { id: fence.account_id } : await targetAccount(q, user, input.accountId);
  await geofencesQueries.update(q, id, fenceFields(input, account.id));
  await geofencesQueries.clearStates(q, id);
}

/** Vehicles watched by a fence must be the caller's and within the fence's account subtree. */
export async function attachVehicles(q: Queryable, user: SessionUser, id: number, vehicleIds: number[], replace: boolean): Promise<number> {
  const [fence] = await visibleFences(q, user, [id]);
  const vehicles = vehicleIds.length ? await visibleVehicles(q, user, vehicleIds) : [];
  const outside = vehicles.find((v) => !pathInScope({ accountPath: fence.account_path }, v.account_path));
  if (outside) throw fail(`车辆 ${outside.plate || outside.name} 不属于围栏所在账户`);
  if (replace) await geofencesQueries.detach(q, id, 'all');
  return geofencesQueries.attach(q, id, vehicleIds);
}

export function announceFenceChange(bus: Bus): void {
  bus.publish(GEOFENCE_CHANGED, {});
}
