import {
  GEOFENCE_ERRORS,
  TERMINAL_ERRORS,
  kindsOf,
  MAX_FENCE_POINTS,
  MAX_FENCE_RADIUS_M,
  MIN_FENCE_RADIUS_M,
  type Geofence,
  type GeofenceDetail,
  type GeofenceInput,
  type LonLat,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { pathInScope, scopeParam } from '../../core/accountScope.ts';
import { targetAccount } from '../terminals/assets.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { presentGeofence } from './geofences.presenter.ts';
import { geofencesQueries, type GeofenceFields, type GeofenceRow } from './geofences.queries.ts';

/** Fences and vehicles changed: every process's geofence engine drops what it cached. */
export const GEOFENCE_CHANGED = 'geofence.changed';

const onEarth = (p: number[]) =>
  p.length === 2 && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90 && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** Checks the geometry and shapes the row; coordinates are WGS-84 (the web converts from GCJ-02 before saving). */
export function fenceFields(input: GeofenceInput, accountId: number): GeofenceFields {
  const name = input.name.trim();
  if (!name) throw new AppError(GEOFENCE_ERRORS.nameMissing);
  const base = {
    accountId,
    name,
    alarmEnter: input.alarmEnter ?? true,
    alarmExit: input.alarmExit ?? true,
    remark: (input.remark ?? '').trim(),
    speedLimitKmh: input.speedLimitKmh || null,
  };
  if (input.kind === 'circle') {
    if (!input.center || !onEarth(input.center)) throw new AppError(GEOFENCE_ERRORS.centerMissing);
    const radius = input.radius ?? 0;
    if (!(radius >= MIN_FENCE_RADIUS_M && radius <= MAX_FENCE_RADIUS_M)) {
      throw new AppError(GEOFENCE_ERRORS.radiusRange, { params: { min: MIN_FENCE_RADIUS_M, maxKm: MAX_FENCE_RADIUS_M / 1000 } });
    }
    return {
      ...base,
      kind: 'circle',
      centerLon: input.center[0],
      centerLat: input.center[1],
      radiusM: Math.round(radius * 10) / 10,
      rings: null,
    };
  }
  const rings = (input.rings ?? []).map((ring) => {
    const open = ring.length > 1 && ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
    return open.map((p): LonLat => [p[0], p[1]]);
  });
  if (rings.length === 0 || rings.some((r) => r.length < 3)) throw new AppError(GEOFENCE_ERRORS.tooFewPoints);
  if (rings.some((r) => r.some((p) => !onEarth(p)))) throw new AppError(GEOFENCE_ERRORS.outOfRange);
  if (rings.reduce((n, r) => n + r.length, 0) > MAX_FENCE_POINTS)
    throw new AppError(GEOFENCE_ERRORS.tooManyPoints, { params: { max: MAX_FENCE_POINTS } });
  return { ...base, kind: 'polygon', centerLon: null, centerLat: null, radiusM: null, rings };
}

export async function visibleFences(q: Queryable, user: SessionUser, ids: number[]): Promise<GeofenceRow[]> {
  const rows = await geofencesQueries.visible(q, scopeParam(user), ids);
  if (rows.length !== new Set(ids).size) throw new AppError(GEOFENCE_ERRORS.notVisible);
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
  // 电子围栏 watches 智能车联's kinds: a person or a pet is no vehicle of it (docs/asset-kinds.md)
  if (vehicles.some((v) => !kindsOf('car').includes(v.type))) throw new AppError(TERMINAL_ERRORS.vehicleNotVisible);
  const outside = vehicles.find((v) => !pathInScope({ accountPath: fence.account_path }, v.account_path));
  if (outside) throw new AppError(GEOFENCE_ERRORS.vehicleOutsideAccount, { params: { vehicle: outside.plate || outside.name } });
  if (replace) await geofencesQueries.detach(q, id, 'all');
  return geofencesQueries.attach(q, id, vehicleIds);
}

/**
 * Editing fences: each change in one transaction, then every geofence engine told to reload
 * (a new fence watches no vehicle yet, so adding one tells nobody).
 */
export class GeofencesService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'bus'>) {}

  /** A fence the caller sees, with its vehicles. */
  async detail(user: SessionUser, id: number): Promise<GeofenceDetail> {
    const [fence] = await visibleFences(this.ctx.db, user, [id]);
    return { ...presentGeofence(fence), vehicleIds: await geofencesQueries.vehicleIds(this.ctx.db, id) };
  }

  /** The fences watching a vehicle the caller sees. */
  async ofVehicle(user: SessionUser, vehicleId: number): Promise<Geofence[]> {
    await visibleVehicles(this.ctx.db, user, [vehicleId]);
    return (await geofencesQueries.ofVehicle(this.ctx.db, scopeParam(user), vehicleId)).map(presentGeofence);
  }

  async add(user: SessionUser, input: GeofenceInput): Promise<GeofenceDetail> {
    const id = await this.ctx.db.tx((q) => createFence(q, user, input));
    return this.detail(user, id);
  }

  async update(user: SessionUser, id: number, input: GeofenceInput): Promise<GeofenceDetail> {
    await this.ctx.db.tx((q) => updateFence(q, user, id, input));
    this.announceChange();
    return this.detail(user, id);
  }

  async delete(user: SessionUser, ids: number[]): Promise<number> {
    const deleted = await this.ctx.db.tx(async (q) => {
      await visibleFences(q, user, ids);
      return geofencesQueries.delete(q, ids);
    });
    this.announceChange();
    return deleted;
  }

  /** replace: the fence's vehicles become exactly these (none clears it); else these are added. */
  async bind(user: SessionUser, id: number, vehicleIds: number[], replace: boolean): Promise<GeofenceDetail> {
    if (vehicleIds.length === 0 && !replace) throw new AppError(GEOFENCE_ERRORS.noVehicles);
    await this.ctx.db.tx((q) => attachVehicles(q, user, id, vehicleIds, replace));
    this.announceChange();
    return this.detail(user, id);
  }

  async unbind(user: SessionUser, id: number, vehicleIds: number[]): Promise<GeofenceDetail> {
    await this.ctx.db.tx(async (q) => {
      await visibleFences(q, user, [id]);
      await geofencesQueries.detach(q, id, vehicleIds);
    });
    this.announceChange();
    return this.detail(user, id);
  }

  private announceChange(): void {
    this.ctx.bus.publish(GEOFENCE_CHANGED, {});
  }
}
