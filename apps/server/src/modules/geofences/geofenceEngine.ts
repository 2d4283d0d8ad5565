import { fenceTransitions, type Fence } from '@chelian/geo';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.ts';
import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { GEOFENCE_CHANGED } from './geofences.service.ts';
import { geofenceEngineQueries, type WatchRow } from './geofenceEngine.queries.ts';
import { fenceShape } from './fenceShape.ts';

/** The fields of a live position (monitor's LastPosition) the engine needs. */
export interface LivePosition {
  vehicleId: number | null;
  lat: number;
  lon: number;
  speed?: number;
  gpsTime: number;
  valid?: boolean;
}

interface Watch {
  terminalPk: number | null;
  accountId: number | null;
  fences: Array<Fence<number> & { enter: boolean; exit: boolean }>;
  inside: Map<number, boolean>;
  lastTime: number;
}

function toWatch(rows: WatchRow[]): Watch {
  const inside = new Map<number, boolean>();
  const fences = rows.map((r) => {
    if (r.inside !== null) inside.set(Number(r.geofence_id), r.inside);
    return { ...fenceShape(Number(r.geofence_id), r), enter: r.alarm_enter, exit: r.alarm_exit };
  });
  return { terminalPk: rows[0]?.terminal_pk ?? null, accountId: rows[0]?.account_id ?? null, fences, inside, lastTime: 0 };
}

/**
 * Enter/exit alarms as positions arrive. Only vehicles with fences cost anything: the set of
 * fenced vehicles is cached, their fences and states loaded once (in batches) and kept until a
 * fence changes. Positions of one vehicle are handled in order; a transition is written with a
 * compare-and-set, so when several processes see the same position exactly one raises the alarm.
 */
export class GeofenceEngine {
  private fenced: Promise<Set<number>> | null = null;
  private readonly watches = new Map<number, Promise<Watch>>();
  private readonly chains = new Map<number, Promise<void>>();
  private pendingLoads = new Map<number, { resolve: (w: Watch) => void; reject: (e: unknown) => void }>();

  constructor(
    private readonly db: Db,
    private readonly onAlarms: (alarmIds: number[]) => Promise<void> | void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  handle(p: LivePosition): Promise<void> {
    const vehicleId = p.vehicleId;
    if (!vehicleId || p.valid === false || !Number.isFinite(p.lat) || !Number.isFinite(p.lon) || (p.lat === 0 && p.lon === 0)) return Promise.resolve();
    const next = (this.chains.get(vehicleId) ?? Promise.resolve())
      .then(() => this.process(vehicleId, p))
      .catch((err) => this.log?.error({ err, vehicleId }, '围栏报警计算失败'));
    this.chains.set(vehicleId, next);
    void next.then(() => this.chains.get(vehicleId) === next && this.chains.delete(vehicleId));
    return next;
  }

  /** A fence or an attachment changed: forget everything cached. */
  invalidate(): void {
    this.fenced = null;
    this.watches.clear();
  }

  /** Resolves when every position handed in so far is processed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  private async process(vehicleId: number, p: LivePosition) {
    this.fenced ??= geofenceEngineQueries.fencedVehicles(this.db);
    if (!(await this.fenced).has(vehicleId)) return;
    const watch = await this.watch(vehicleId);
    if (watch.fences.length === 0 || watch.terminalPk === null || p.gpsTime <= watch.lastTime) return;
    watch.lastTime = p.gpsTime;
    const { events, inside } = fenceTransitions(watch.inside, [p.lon, p.lat], watch.fences);
    const fresh = [...inside].filter(([id]) => !watch.inside.has(id));
    watch.inside = inside;
    if (fresh.length) await geofenceEngineQueries.recordStates(this.db, vehicleId, fresh, p.gpsTime);
    const raised: number[] = [];
    for (const e of events) {
      if (!(await geofenceEngineQueries.flipState(this.db, vehicleId, e.fenceId, e.kind === 'enter', p.gpsTime))) continue;
      const fence = watch.fences.find((f) => f.id === e.fenceId)!;
      if (e.kind === 'enter' ? !fence.enter : !fence.exit) continue;
      raised.push(
        await geofenceEngineQueries.raise(this.db, {
          terminalPk: watch.terminalPk, accountId: watch.accountId, vehicleId, geofenceId: e.fenceId, kind: e.kind,
          at: p.gpsTime, lat: p.lat, lon: p.lon, speed: p.speed ?? 0,
        }),
      );
    }
    if (raised.length) await this.onAlarms(raised);
  }

  /** Loads watches for all vehicles asked for in the same tick with one query. */
  private watch(vehicleId: number): Promise<Watch> {
    let found = this.watches.get(vehicleId);
    if (!found) {
      found = new Promise<Watch>((resolve, reject) => {
        if (this.pendingLoads.size === 0) setImmediate(() => void this.loadPending());
        this.pendingLoads.set(vehicleId, { resolve, reject });
      });
      this.watches.set(vehicleId, found);
      found.catch(() => this.watches.delete(vehicleId));
    }
    return found;
  }

  private async loadPending() {
    const pending = this.pendingLoads;
    this.pendingLoads = new Map();
    try {
      const rows = await geofenceEngineQueries.watches(this.db, [...pending.keys()]);
      for (const [id, waiter] of pending) waiter.resolve(toWatch(rows.filter((r) => Number(r.vehicle_id) === id)));
    } catch (err) {
      for (const waiter of pending.values()) waiter.reject(err);
    }
  }
}

const running = new WeakMap<object, GeofenceEngine>();

/** The engine running for this context, if this process runs one (tests wait on its idle()). */
export function geofenceEngineOf(ctx: object): GeofenceEngine | undefined {
  return running.get(ctx);
}

/** Subscribes the engine to every live position on the bus; the alarms it raises go out on the bus like any other. */
export function startGeofenceEngine(ctx: Pick<AppContext, 'db' | 'bus' | 'log'>): (() => void) & { engine: GeofenceEngine } {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids)) ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new GeofenceEngine(ctx.db, publish, ctx.log);
  const offPositions = ctx.bus.subscribe<LivePosition | LivePosition[]>('pos.>', (message) => {
    for (const p of Array.isArray(message) ? message : [message]) void engine.handle(p);
  });
  const offChanges = ctx.bus.subscribe(GEOFENCE_CHANGED, () => engine.invalidate());
  running.set(ctx, engine);
  return Object.assign(() => (offPositions(), offChanges(), running.delete(ctx)), { engine });
}
