import { fenceTransitions, isInsideFence, type Fence } from '@chelian/geo';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.ts';
import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { GEOFENCE_CHANGED } from './geofences.service.ts';
import { isBlindArea, type PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import { judgedBefore, lateEvents, type ForwardRule } from '../../core/lateReplay.ts';
import { geofenceEngineQueries, type WatchRow } from './geofenceEngine.queries.ts';
import { fenceShape } from './fenceShape.ts';
import type { PositionEngine } from '../feature.ts';

/** The fields of a live position (monitor's LastPosition) the engine needs. */
export interface LivePosition {
  vehicleId: number | null;
  lat: number;
  lon: number;
  speed?: number;
  gpsTime: number;
  /** When the platform received it (with gpsTime, whether it is a blind-area fix), and the protocol's marks. */
  receivedAt?: number;
  extras?: PositionAttributes | null;
  valid?: boolean;
}

interface Watch {
  terminalPk: number | null;
  accountId: number | null;
  fences: Array<Fence<number> & { enter: boolean; exit: boolean }>;
  inside: Map<number, boolean>;
  lastTime: number;
}

/** A watch with fences and a terminal to raise alarms for. */
type FencedWatch = Watch & { terminalPk: number };

function toWatch(rows: WatchRow[]): Watch {
  const inside = new Map<number, boolean>();
  const fences = rows.map((r) => {
    if (r.inside !== null) inside.set(Number(r.geofence_id), r.inside);
    return { ...fenceShape(Number(r.geofence_id), r), enter: r.alarm_enter, exit: r.alarm_exit };
  });
  return { terminalPk: rows[0]?.terminal_pk ?? null, accountId: rows[0]?.account_id ?? null, fences, inside, lastTime: 0 };
}

/**
 * Enter/exit alarms as fixes are committed, each fix of a vehicle in GPS-time order. Only vehicles with fences cost anything: the set of
 * fenced vehicles is cached, their fences and states loaded once (in batches) and kept until a
 * fence changes. Positions of one vehicle are handled in order; a transition is written with a
 * compare-and-set, so when several processes see the same position exactly one raises the alarm.
 *
 * A fix older than one already judged (a blind-area upload after live reports: late) is judged
 * where it belongs in device time, between the judged fixes on either side of it (judgeLate). A
 * fix from a blind area raises its alarms at its device time, marked 补传 (alarms.late).
 */
export class GeofenceEngine {
  private fenced: Promise<Set<number>> | null = null;
  /** The same set once loaded: the feed keeps no fixes of other vehicles. */
  private known: Set<number> | null = null;
  private readonly watches = new Map<number, Promise<Watch>>();
  private readonly chains = new Map<number, Promise<void>>();
  private pendingLoads = new Map<number, { resolve: (w: Watch) => void; reject: (e: unknown) => void }>();

  constructor(
    private readonly db: Db,
    private readonly onAlarms: (alarmIds: number[]) => Promise<void> | void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** A fix in order: newer than every fix this vehicle's terminal fed before. */
  handle(p: LivePosition): Promise<void> {
    if (!usable(p)) return Promise.resolve();
    return this.enqueue(p.vehicleId!, () => this.process(p.vehicleId!, p));
  }

  /**
   * The feed's late fixes of one terminal (core/positionFeed.ts lateFixes: older than one it
   * already fed), in arrival order, judged together (judgeLate).
   */
  handleLate(fixes: readonly LivePosition[]): Promise<void> {
    const usableFixes = fixes.filter(usable);
    if (!usableFixes.length) return Promise.resolve();
    const vehicleId = usableFixes[0].vehicleId!;
    return this.enqueue(vehicleId, async () => {
      const watch = await this.fencedWatch(vehicleId);
      if (watch) await this.judgeLate(vehicleId, watch, usableFixes);
    });
  }

  /** One vehicle's fixes one at a time, in the order handed in. */
  private enqueue(vehicleId: number, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(vehicleId) ?? Promise.resolve())
      .then(work)
      .catch((err) => this.log?.error({ err, vehicleId }, '围栏报警计算失败'));
    this.chains.set(vehicleId, next);
    void next.then(() => this.chains.get(vehicleId) === next && this.chains.delete(vehicleId));
    return next;
  }

  /** Whether the vehicle may have fences (true until the set is loaded). */
  watchesVehicle(vehicleId: number | null): boolean {
    return vehicleId !== null && (!this.known || this.known.has(vehicleId));
  }

  /** A fence or an attachment changed: forget everything cached. */
  invalidate(): void {
    this.fenced = null;
    this.known = null;
    this.watches.clear();
  }

  /** Resolves when every position handed in so far is processed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  /** The vehicle's watch when some fence watches it (loads the fenced set and the watch the first time). */
  private async fencedWatch(vehicleId: number): Promise<FencedWatch | null> {
    if (!this.fenced) {
      const loading = (this.fenced = geofenceEngineQueries.fencedVehicles(this.db));
      void loading.then(
        (set) => this.fenced === loading && (this.known = set),
        () => this.fenced === loading && (this.fenced = null),
      );
    }
    if (!(await this.fenced).has(vehicleId)) return null;
    const watch = await this.watch(vehicleId);
    return watch.fences.length === 0 || watch.terminalPk === null ? null : (watch as FencedWatch);
  }

  private async process(vehicleId: number, p: LivePosition) {
    const watch = await this.fencedWatch(vehicleId);
    if (!watch) return;
    // In order for the feed, yet older than a fix another connection of the terminal fed before.
    if (p.gpsTime <= watch.lastTime) return this.judgeLate(vehicleId, watch, [p]);
    watch.lastTime = p.gpsTime;
    const blind = isBlindArea(p.extras);
    const { events, inside } = fenceTransitions(watch.inside, [p.lon, p.lat], watch.fences);
    const fresh = [...inside].filter(([id]) => !watch.inside.has(id));
    watch.inside = inside;
    if (fresh.length) await geofenceEngineQueries.recordStates(this.db, vehicleId, fresh, p.gpsTime);
    const raised: number[] = [];
    for (const e of events) {
      if (!(await geofenceEngineQueries.flipState(this.db, vehicleId, e.fenceId, e.kind === 'enter', p.gpsTime))) continue;
      const fence = watch.fences.find((f) => f.id === e.fenceId)!;
      if (e.kind === 'enter' ? !fence.enter : !fence.exit) continue;
      const id = await geofenceEngineQueries.raise(this.db, {
        terminalPk: watch.terminalPk,
        accountId: watch.accountId,
        vehicleId,
        geofenceId: e.fenceId,
        kind: e.kind,
        at: p.gpsTime,
        lat: p.lat,
        lon: p.lon,
        speed: p.speed ?? 0,
        late: blind,
      });
      if (id !== null) raised.push(id);
    }
    if (raised.length) await this.onAlarms(raised);
  }

  /**
   * Fixes older than one already judged, judged where they belong in device time against the
   * stored fixes judged before them (the nearest either side of the upload and those between), by
   * replaying the fence's inside/outside with and without them (core/lateReplay.ts). Where the fixes
   * either side were on the same side of a fence and the upload shows the other, the vehicle went
   * out and came back (or in and out) unseen: both crossings are raised, 补传 — the first at the fix
   * that shows it, the return at the first fix back, of the upload or else the next judged fix (an
   * upload that arrives later and shows the return earlier does not move it). Where they differ,
   * that crossing was raised when the newer one was judged: nothing is. With nothing judged on one
   * side (older than every fix known, or than a week before the next) nothing is raised. The
   * current state (geofence_states) is the newest fix's and stays, so the live stream goes on from
   * it and raises nothing twice; a crossing of a fence at a device time already raised is not
   * raised again (an upload sent twice).
   */
  private async judgeLate(vehicleId: number, watch: FencedWatch, fixes: readonly LivePosition[]) {
    const arrivals = fixes.map((p) => ({ gpsTime: p.gpsTime, receivedAt: p.receivedAt ?? Date.now() }));
    const times = fixes.map((p) => p.gpsTime);
    const stored = await geofenceEngineQueries.storedRound(
      this.db,
      watch.terminalPk,
      Math.min(...times),
      Math.max(...times),
      Math.max(...arrivals.map((a) => a.receivedAt)),
    );
    const judged = judgedBefore(
      stored.map((r) => ({ time: r.gps_time.getTime(), receivedAt: r.received_at.getTime(), lat: r.lat, lon: r.lon, speed: r.speed })),
      arrivals,
    );
    const late = fixes.map((p) => ({ time: p.gpsTime, lat: p.lat, lon: p.lon, speed: p.speed ?? 0 }));
    const raised: number[] = [];
    for (const fence of watch.fences) {
      const sides: ForwardRule<boolean | null, (typeof late)[number], 'enter' | 'exit'> = {
        start: null,
        step: (inside, f) => {
          const now = isInsideFence([f.lon, f.lat], fence);
          return { state: now, event: inside === null || inside === now ? null : now ? 'enter' : 'exit' };
        },
      };
      for (const { kind, fix } of lateEvents(sides, judged, late)) {
        if (kind === 'enter' ? !fence.enter : !fence.exit) continue;
        const id = await geofenceEngineQueries.raise(this.db, {
          terminalPk: watch.terminalPk,
          accountId: watch.accountId,
          vehicleId,
          geofenceId: fence.id,
          kind,
          at: fix.time,
          lat: fix.lat,
          lon: fix.lon,
          speed: fix.speed,
          late: true,
        });
        if (id !== null) raised.push(id);
      }
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

/** A fix the engine can judge: a vehicle's, positioned, somewhere other than 0, 0. */
const usable = (p: LivePosition) =>
  !!p.vehicleId && p.valid !== false && Number.isFinite(p.lat) && Number.isFinite(p.lon) && !(p.lat === 0 && p.lon === 0);

const running = new WeakMap<object, GeofenceEngine>();

/** The engine running for this context, if this process runs one (tests wait on its idle()). */
export function geofenceEngineOf(ctx: object): GeofenceEngine | undefined {
  return running.get(ctx);
}

export interface GeofenceEngineHandle extends PositionEngine {
  engine: GeofenceEngine;
}

/** Feeds the engine every fix this process's gateway commits (core/positionFeed.ts); the alarms it raises go out on the bus like any other. */
export function startGeofenceEngine(ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>): GeofenceEngineHandle {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids))
      ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new GeofenceEngine(ctx.db, publish, ctx.log);
  const offPositions = ctx.positionFeed.subscribe({
    wants: (t) => engine.watchesVehicle(t.vehicleId),
    fixes: (fixes) => {
      for (const p of fixes) void engine.handle(p);
    },
    lateFixes: (fixes) => void engine.handleLate(fixes),
  });
  const offChanges = ctx.bus.subscribe(GEOFENCE_CHANGED, () => engine.invalidate());
  running.set(ctx, engine);
  return {
    engine,
    async stop() {
      offPositions();
      offChanges();
      await engine.idle();
      running.delete(ctx);
    },
  };
}
