import { OVERSPEED_DEFAULT_MIN_SECONDS, type LastPosition } from '@chelian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.ts';
import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { GEOFENCE_CHANGED } from '../geofences/geofences.service.ts';
import { fenceShape } from '../geofences/fenceShape.ts';
import { overspeedQueries } from '../reports/overspeed.queries.ts';
import type { SpeedFence } from '../reports/overspeed.ts';
import type { PositionEngine } from '../feature.ts';
import { overspeedAlarmsQueries } from './overspeedAlarms.queries.ts';
import { newRun, stepOverspeed, type OverspeedRule, type OverspeedRun } from './overspeedRun.ts';

/**
 * A vehicle's limit, fences and its owner's minimum, once read, are kept this long at most: a
 * change is told on the bus (a vehicle's terminal, a fence, 报警设置) and drops them all at once.
 */
const RULE_TTL_MS = 600_000;

/** A vehicle's rule being read with others asked for in the same tick. */
interface Waiter {
  promise: Promise<VehicleWatch | null>;
  resolve: (w: VehicleWatch | null) => void;
  reject: (err: unknown) => void;
}

interface VehicleWatch {
  terminalPk: number;
  accountId: number | null;
  rule: OverspeedRule;
}

/**
 * 平台超速报警 (docs/car.md, "终端超速报警 and 平台超速报警"): every valid fix of every vehicle, in GPS-time order per
 * vehicle, judged by 超速报表's rule (overspeedRun.ts); an episode raises one alarm when it has
 * lasted the account's minimum (报警设置, default OVERSPEED_DEFAULT_MIN_SECONDS), stamped with
 * the episode's start, so the alarms of a vehicle and day are the report's episodes. A raise is
 * idempotent per terminal and start (a second gateway, a restart). It judges forwards only: a
 * blind-area upload after newer fixes is left to the report.
 */
export class OverspeedAlarmEngine {
  private readonly runs = new Map<number, OverspeedRun>();
  /** Each vehicle's rule when read, null for one the engine does not judge (a person's badge, a pet, no terminal). */
  private readonly watches = new Map<number, { watch: VehicleWatch | null; loadedAt: number }>();
  private readonly chains = new Map<number, Promise<void>>();
  private pending = new Map<number, Waiter>();

  constructor(
    private readonly db: Db,
    private readonly onAlarm: (alarmId: number) => Promise<void> | void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** One vehicle's fixes in order (the feed's), judged one after another. */
  handle(fixes: readonly LastPosition[]): Promise<void> {
    const vehicleId = fixes[0]?.vehicleId;
    if (!vehicleId) return Promise.resolve();
    const next = (this.chains.get(vehicleId) ?? Promise.resolve())
      .then(() => this.judge(vehicleId, fixes))
      .catch((err) => this.log?.error({ err, vehicleId }, '平台超速报警计算失败'));
    this.chains.set(vehicleId, next);
    void next.then(() => this.chains.get(vehicleId) === next && this.chains.delete(vehicleId));
    return next;
  }

  /** Whether the vehicle's fixes may matter: not for one known to be no vehicle the report lists (a badge, a pet). */
  watchesVehicle(vehicleId: number | null): boolean {
    return vehicleId !== null && this.watches.get(vehicleId)?.watch !== null;
  }

  /** A fence, a vehicle or an account's settings changed: rules are read again. */
  invalidate(): void {
    this.watches.clear();
  }

  /** Resolves when every fix handed in so far is judged (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  private async judge(vehicleId: number, fixes: readonly LastPosition[]) {
    const usable = fixes.filter((p) => p.valid !== false && Number.isFinite(p.lat) && Number.isFinite(p.lon));
    if (!usable.length) return;
    const watch = await this.watch(vehicleId);
    if (!watch) return;
    let run = this.runs.get(vehicleId);
    if (!run) this.runs.set(vehicleId, (run = newRun()));
    for (const p of usable) {
      const episode = stepOverspeed(run, { at: p.gpsTime, lon: p.lon, lat: p.lat, speed: p.speed }, watch.rule);
      if (!episode) continue;
      const id = await overspeedAlarmsQueries.raise(this.db, {
        terminalPk: watch.terminalPk,
        accountId: watch.accountId,
        vehicleId,
        at: episode.startAt,
        lat: episode.lat,
        lon: episode.lon,
        speed: episode.maxSpeed,
      });
      if (id !== null) await this.onAlarm(id);
    }
  }

  /** The vehicle's rule; those asked for in the same tick are read together (two queries), as a reconnect storm asks for thousands. */
  private watch(vehicleId: number): Promise<VehicleWatch | null> {
    const cached = this.watches.get(vehicleId);
    if (cached && Date.now() - cached.loadedAt < RULE_TTL_MS) return Promise.resolve(cached.watch);
    let waiting = this.pending.get(vehicleId);
    if (!waiting) {
      if (this.pending.size === 0) setImmediate(() => void this.loadPending());
      let resolve!: Waiter['resolve'];
      let reject!: Waiter['reject'];
      const promise = new Promise<VehicleWatch | null>((yes, no) => ((resolve = yes), (reject = no)));
      this.pending.set(vehicleId, (waiting = { promise, resolve, reject }));
    }
    return waiting.promise;
  }

  private async loadPending() {
    const pending = this.pending;
    this.pending = new Map();
    const ids = [...pending.keys()];
    try {
      const [rows, fenceRows] = [await overspeedAlarmsQueries.rules(this.db, ids), await overspeedQueries.fences(this.db, ids)];
      const fences = new Map<number, SpeedFence[]>();
      for (const r of fenceRows) {
        const list = fences.get(Number(r.vehicle_id)) ?? [];
        list.push({ fence: fenceShape(Number(r.geofence_id), r), name: r.name, limitKmh: r.speed_limit_kmh });
        fences.set(Number(r.vehicle_id), list);
      }
      const loadedAt = Date.now();
      const found = new Map<number, VehicleWatch>();
      for (const row of rows) {
        const vehicleId = Number(row.vehicle_id);
        const rule = {
          fences: fences.get(vehicleId) ?? [],
          vehicleLimit: row.speed_limit_kmh,
          minSeconds: row.min_seconds ?? OVERSPEED_DEFAULT_MIN_SECONDS,
        };
        const accountId = row.account_id === null ? null : Number(row.account_id);
        found.set(vehicleId, { terminalPk: Number(row.terminal_id), accountId, rule });
      }
      for (const [id, waiting] of pending) {
        const watch = found.get(id) ?? null;
        this.watches.set(id, { watch, loadedAt });
        waiting.resolve(watch);
      }
    } catch (err) {
      for (const waiting of pending.values()) waiting.reject(err);
    }
  }
}

const running = new WeakMap<object, OverspeedAlarmEngine>();

/** The engine running for this context, if this process runs one (tests wait on its idle()). */
export function overspeedAlarmEngineOf(ctx: object): OverspeedAlarmEngine | undefined {
  return running.get(ctx);
}

/** Fed every vehicle's fixes this process's gateway commits; its alarms go out on the bus like any other. */
export function startOverspeedAlarmEngine(ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>): PositionEngine {
  const publish = async (id: number) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', [id]))
      ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new OverspeedAlarmEngine(ctx.db, publish, ctx.log);
  const offFixes = ctx.positionFeed.subscribe({
    wants: (t) => engine.watchesVehicle(t.vehicleId),
    fixes: (fixes) => void engine.handle(fixes),
  });
  const offFences = ctx.bus.subscribe(GEOFENCE_CHANGED, () => engine.invalidate());
  // 报警设置's minimum duration, a vehicle's limit (its terminal's change notice) and fences: read again.
  const offSettings = ctx.bus.subscribe(subjects.allAlarmControlChanges, () => engine.invalidate());
  const offVehicles = ctx.bus.subscribe(subjects.allTerminalChanges, () => engine.invalidate());
  running.set(ctx, engine);
  return {
    async stop() {
      offFixes();
      offFences();
      offSettings();
      offVehicles();
      await engine.idle();
      running.delete(ctx);
    },
  };
}
