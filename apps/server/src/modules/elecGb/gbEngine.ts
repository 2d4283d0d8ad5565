import type { FastifyBaseLogger } from 'fastify';
import type { LastPosition } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import { subjects } from '../../bus/subjects.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { ELEC_GB_CHANGED } from './gbBikes.service.ts';
import { gbEngineQueries } from './gbEngine.queries.ts';
import { gbPositionStep, samePositionState, type GbPositionState } from './gbRules.ts';

interface Watch {
  state: GbPositionState;
  lastTime: number;
}

/**
 * 新国标's alarms (gbRules.ts) through the platform's one alarm pipeline: overspeed above 25 km/h
 * and positioning failure from each fix of a registered module (core/positionFeed.ts, after commit);
 * battery–controller mismatch from the stored BMS reports and communication lost from presence,
 * on a sweep. The BMS figure alarms (temperature, voltages, current, imbalance) are the gateway's
 * own (gateway/bmsAlarms.ts) and need nothing here.
 */
export class GbAlarmEngine {
  private watched: Promise<Map<string, number>> | null = null;
  private known: Map<string, number> | null = null;
  private readonly watches = new Map<number, Promise<Watch | undefined>>();
  private readonly chains = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly onAlarms: (ids: number[]) => Promise<void> | void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  invalidate() {
    this.watched = null;
    this.known = null;
    this.watches.clear();
  }

  /** Whether the module may be registered (true until registrations are loaded). */
  watchesTerminal(identifier: string): boolean {
    return !this.known || this.known.has(identifier);
  }

  position(p: LastPosition): Promise<void> {
    if (this.known && !this.known.has(p.terminalId)) return Promise.resolve();
    return this.bikeOf(p.terminalId).then((bikeId) => (bikeId === undefined ? undefined : this.serial(bikeId, () => this.onPosition(bikeId, p))));
  }

  /** Mismatch and communication lost: one pass over the registrations, a statement each. */
  async sweep() {
    const raised = [...(await gbEngineQueries.commLost(this.db)), ...(await gbEngineQueries.mismatches(this.db))];
    if (raised.length) await this.onAlarms(raised);
  }

  async idle() {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  private async bikeOf(identifier: string) {
    if (!this.watched) {
      const loading = (this.watched = gbEngineQueries.watched(this.db));
      void loading.then((map) => this.watched === loading && (this.known = map), () => (this.watched = null));
    }
    return (await this.watched).get(identifier);
  }

  private serial(bikeId: number, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(bikeId) ?? Promise.resolve()).then(work).catch((err) => this.log?.error({ err, bikeId }, '新国标报警计算失败'));
    this.chains.set(bikeId, next);
    void next.then(() => this.chains.get(bikeId) === next && this.chains.delete(bikeId));
    return next;
  }

  private watch(bikeId: number) {
    let found = this.watches.get(bikeId);
    if (!found) {
      found = gbEngineQueries.stateOf(this.db, bikeId).then((state) => (state ? { state, lastTime: 0 } : undefined));
      this.watches.set(bikeId, found);
      found.catch(() => this.watches.delete(bikeId));
    }
    return found;
  }

  private async onPosition(bikeId: number, p: LastPosition) {
    const w = await this.watch(bikeId);
    if (!w || p.gpsTime < w.lastTime) return;
    w.lastTime = p.gpsTime;
    const { state, raise } = gbPositionStep(w.state, { valid: p.valid, lat: p.lat, lon: p.lon, speed: p.speed, at: p.gpsTime });
    const changed = !samePositionState(w.state, state);
    w.state = state;
    const raised: number[] = [];
    for (const type of raise) {
      if (!(await gbEngineQueries.claim(this.db, bikeId, type))) continue;
      raised.push(...(await gbEngineQueries.raise(this.db, { bikeId, type, at: p.gpsTime, lat: p.lat, lon: p.lon, speed: p.speed })));
    }
    if (changed) await gbEngineQueries.save(this.db, bikeId, state);
    if (raised.length) await this.onAlarms(raised);
  }
}

export interface GbEngineHandle {
  engine: GbAlarmEngine;
  /** One sweep now, and every position handed in so far done (tests, shutdown). */
  settle(): Promise<void>;
  stop(): void;
}

/** Started with the gateway role, beside 电单车卫士's engine: it is fed the same fixes. */
export function startGbEngine(ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>, opts: { sweepMs?: number } = {}): GbEngineHandle {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids)) ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new GbAlarmEngine(ctx.db, publish, ctx.log);
  const offPositions = ctx.positionFeed.subscribe({
    wants: (t) => engine.watchesTerminal(t.terminalId),
    fixes: (fixes) => {
      for (const p of fixes) void engine.position(p);
    },
  });
  const offChanges = ctx.bus.subscribe(ELEC_GB_CHANGED, () => engine.invalidate());
  let sweeping: Promise<void> | null = null;
  const sweep = () => (sweeping ??= engine.sweep().catch((err) => ctx.log.error({ err }, '新国标报警巡检失败')).finally(() => (sweeping = null)));
  const timer = setInterval(() => void sweep(), opts.sweepMs ?? 10_000);
  timer.unref();
  return {
    engine,
    async settle() {
      await engine.idle();
      await sweeping;
      await sweep();
    },
    stop() {
      clearInterval(timer);
      offPositions();
      offChanges();
    },
  };
}
