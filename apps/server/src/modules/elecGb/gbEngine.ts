import type { FastifyBaseLogger } from 'fastify';
import type { LastPosition } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import { subjects } from '../../bus/subjects.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { isBlindArea } from '@chelian/protocols/positionAttributes.ts';
import { judgedBefore, lateEvents, type ForwardRule } from '../../core/lateReplay.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { ELEC_GB_CHANGED } from './gbBikes.service.ts';
import { gbEngineQueries } from './gbEngine.queries.ts';
import { gbPositionStep, overspeedSettled, samePositionState, type GbPosition, type GbPositionState } from './gbRules.ts';
import type { PositionEngine } from '../feature.ts';

/** How far either side of a late upload stored fixes are replayed. */
const LATE_WINDOW_MS = 60 * 60_000;
/** A fresh episode state, the replay's start. */
const CALM: GbPositionState = { overspeeding: false, noFixSince: null, fixFailed: false };

/** With no registration known, the sweep reloads them every this many sweeps (a minute at the default 10 s). */
const EMPTY_RELOAD_SWEEPS = 6;

interface Watch {
  state: GbPositionState;
  lastTime: number;
}

/**
 * 新国标's alarms (gbRules.ts) through the platform's one alarm pipeline: overspeed above 25 km/h
 * and positioning failure from each fix of a registered module (core/positionFeed.ts, after commit);
 * battery–controller mismatch from the stored BMS reports and communication lost from presence,
 * on a sweep. The BMS figure alarms (temperature, voltages, current, imbalance) are the gateway's
 * own (bmsAlarms in @chelian/protocols) and need nothing here. Overspeed is judged from late fixes too
 * (judgeLate); positioning failure is not (docs/elec-gb.md says why).
 */
export class GbAlarmEngine {
  private watched: Promise<Map<string, number>> | null = null;
  private known: Map<string, number> | null = null;
  private readonly watches = new Map<number, Promise<Watch | undefined>>();
  private readonly chains = new Map<number, Promise<void>>();
  /** Fixes whose bike is being looked up: not in a chain yet. */
  private readonly finding = new Set<Promise<void>>();
  private emptySweeps = 0;

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
    return this.fixes([p]);
  }

  /**
   * One module's committed fixes, oldest first, in order for their connection. One older than the
   * newest judged (sent first on a new connection) would step the episode back: it goes the late way.
   */
  fixes(batch: readonly LastPosition[]): Promise<void> {
    return this.forBike(batch[0]?.terminalId, async (bikeId) => {
      const w = await this.watch(bikeId);
      if (!w) return;
      const older = batch.filter((p) => p.gpsTime < w.lastTime);
      if (older.length) await this.judgeLate(bikeId, older);
      for (const p of batch) if (p.gpsTime >= w.lastTime) await this.onPosition(bikeId, w, p);
    });
  }

  /** Fixes older than one the module already fed (a blind-area upload after live reports), judged together (judgeLate). */
  lateFixes(fixes: readonly LastPosition[]): Promise<void> {
    return this.forBike(fixes[0]?.terminalId, (bikeId) => this.judgeLate(bikeId, fixes));
  }

  /**
   * Mismatch and communication lost: one pass over the registrations, a statement each; none while
   * no module is registered to a terminal (issue 33: an idle server ran both every 10 s for nothing).
   * The registrations are reloaded on ELEC_GB_CHANGED, and while none is known every
   * EMPTY_RELOAD_SWEEPS sweeps (news another process sent may have been missed).
   */
  async sweep() {
    const registered = await this.registrations();
    if (registered.size === 0) {
      // (`known` stays until the reload ends: positions are not all wanted meanwhile.)
      if (++this.emptySweeps % EMPTY_RELOAD_SWEEPS === 0) this.watched = null;
      return;
    }
    const raised = [...(await gbEngineQueries.commLost(this.db)), ...(await gbEngineQueries.mismatches(this.db))];
    if (raised.length) await this.onAlarms(raised);
  }

  async idle() {
    while (this.chains.size || this.finding.size) await Promise.all([...this.chains.values(), ...this.finding]);
  }

  /** Work for a registered module's bike, in its chain at once when registrations are loaded, else once they are (idle() counts it from the start). */
  private forBike(identifier: string | undefined, work: (bikeId: number) => Promise<void>): Promise<void> {
    if (!identifier) return Promise.resolve();
    if (this.known) {
      const bikeId = this.known.get(identifier);
      return bikeId === undefined ? Promise.resolve() : this.serial(bikeId, () => work(bikeId));
    }
    const done = this.bikeOf(identifier)
      .then((bikeId) => (bikeId === undefined ? undefined : this.serial(bikeId, () => work(bikeId))))
      .catch((err) => this.log?.error({ err }, '新国标报警计算失败'));
    this.finding.add(done);
    void done.then(() => this.finding.delete(done));
    return done;
  }

  private async bikeOf(identifier: string) {
    return (await this.registrations()).get(identifier);
  }

  /** Registered modules' terminals by identifier, loaded once until invalidated. */
  private registrations(): Promise<Map<string, number>> {
    if (!this.watched) {
      const loading = (this.watched = gbEngineQueries.watched(this.db));
      void loading.then(
        (map) => this.watched === loading && (this.known = map),
        () => this.watched === loading && (this.watched = null),
      );
    }
    return this.watched;
  }

  private serial(bikeId: number, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(bikeId) ?? Promise.resolve())
      .then(work)
      .catch((err) => this.log?.error({ err, bikeId }, '新国标报警计算失败'));
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

  private async onPosition(bikeId: number, w: Watch, p: LastPosition) {
    w.lastTime = p.gpsTime;
    const { state, raise } = gbPositionStep(w.state, { valid: p.valid, lat: p.lat, lon: p.lon, speed: p.speed, at: p.gpsTime });
    const changed = !samePositionState(w.state, state);
    w.state = state;
    const raised: number[] = [];
    for (const type of raise) {
      if (!(await gbEngineQueries.claim(this.db, bikeId, type))) continue;
      raised.push(
        ...(await gbEngineQueries.raise(this.db, {
          bikeId,
          type,
          at: p.gpsTime,
          lat: p.lat,
          lon: p.lon,
          speed: p.speed,
          late: isBlindArea(p.extras),
        })),
      );
    }
    if (changed) await gbEngineQueries.save(this.db, bikeId, state);
    if (raised.length) await this.onAlarms(raised);
  }

  /**
   * Late fixes: overspeed is judged where they belong in device time, by replaying the episode rule
   * over the module's fixes stored round them (an hour either side), with and without them
   * (core/lateReplay.ts). An episode the upload shows raises 车速超过25km/h 补传 at the fix that began
   * it; one raised live, or by the same upload before, is not raised again. The state stays the newest fix's.
   */
  private async judgeLate(bikeId: number, late: readonly LastPosition[]) {
    const times = late.map((p) => p.gpsTime);
    const from = Math.min(...times);
    const stored = await gbEngineQueries.fixesAround(this.db, bikeId, {
      since: from - LATE_WINDOW_MS,
      from,
      until: Math.max(...times) + LATE_WINDOW_MS,
      receivedBy: Math.max(...late.map((p) => p.receivedAt)),
    });
    // The episode before the window is unknown, but not after a report that settles it: the replay
    // starts at the first judged one, so both runs start from the truth.
    const judged = judgedBefore(stored, late);
    const settled = judged.findIndex((f) => overspeedSettled(f));
    if (settled < 0) return;
    const fixes = late.map((p) => ({ time: p.gpsTime, at: p.gpsTime, valid: p.valid, lat: p.lat, lon: p.lon, speed: p.speed }));
    const overspeed: ForwardRule<GbPositionState, GbPosition & { time: number }, 'gbOverspeed'> = {
      start: CALM,
      step: (state, f) => {
        const step = gbPositionStep(state, f);
        return { state: step.state, event: step.raise.includes('gbOverspeed') ? 'gbOverspeed' : null };
      },
    };
    const raised: number[] = [];
    for (const e of lateEvents(overspeed, judged.slice(settled), fixes)) {
      raised.push(
        ...(await gbEngineQueries.raise(this.db, {
          bikeId,
          type: 'gbOverspeed',
          at: e.fix.at,
          lat: e.fix.lat,
          lon: e.fix.lon,
          speed: e.fix.speed,
          late: true,
        })),
      );
    }
    if (raised.length) await this.onAlarms(raised);
  }
}

export interface GbEngineHandle extends PositionEngine {
  engine: GbAlarmEngine;
  /** One sweep now, and every position handed in so far done (tests, shutdown). */
  settle(): Promise<void>;
}

/** Started with the gateway role, beside 电单车卫士's engine: it is fed the same fixes. */
export function startGbEngine(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>,
  opts: { sweepMs?: number } = {},
): GbEngineHandle {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids))
      ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new GbAlarmEngine(ctx.db, publish, ctx.log);
  const offPositions = ctx.positionFeed.subscribe({
    wants: (t) => engine.watchesTerminal(t.terminalId),
    fixes: (fixes) => void engine.fixes(fixes),
    lateFixes: (fixes) => void engine.lateFixes(fixes),
  });
  const offChanges = ctx.bus.subscribe(ELEC_GB_CHANGED, () => engine.invalidate());
  let sweeping: Promise<void> | null = null;
  const sweep = () =>
    (sweeping ??= engine
      .sweep()
      .catch((err) => ctx.log.error({ err }, '新国标报警巡检失败'))
      .finally(() => (sweeping = null)));
  const timer = setInterval(() => void sweep(), opts.sweepMs ?? 10_000);
  timer.unref();
  return {
    engine,
    async settle() {
      await engine.idle();
      await sweeping;
      await sweep();
    },
    async stop() {
      clearInterval(timer);
      offPositions();
      offChanges();
      await engine.idle();
      await sweeping;
    },
  };
}
