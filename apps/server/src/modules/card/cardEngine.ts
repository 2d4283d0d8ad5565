import type { FastifyBaseLogger } from 'fastify';
import type { CardRules, LastPosition, Presence } from '@chelian/contracts';
import { distanceMeters, type Fence } from '@chelian/geo';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import { subjects } from '../../bus/subjects.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { beijingDay, type ShiftRule } from './attendance.ts';
import { inShift, shiftRule } from './card.presenter.ts';
import { derivedStep, sameState, type DerivedAlarm, type DerivedState } from './cardRules.ts';
import { cardEngineQueries } from './cardEngine.queries.ts';
import { patrolRuns } from './patrol.service.ts';
import { setupQueries } from './setup.queries.ts';
import { staffQueries } from './staff.queries.ts';
import { areasByStaff, inAreas } from './staffDay.ts';
import { CARD_CHANGED } from './staff.service.ts';

interface Person {
  accountId: number;
  rule: ShiftRule | undefined;
  fences: Fence<number>[];
  rules: CardRules;
}

/** A position older than this does not count someone as present for gathering. */
const GATHER_FRESH_MS = 5 * 60_000;
const FLAG: Record<DerivedAlarm, 'off_post_alarmed' | 'still_alarmed' | 'gathering_alarmed'> = { offPost: 'off_post_alarmed', standstill: 'still_alarmed', gathering: 'gathering_alarmed' };

/**
 * 智能工牌's derived alarms as the gateway publishes positions after commit (cardRules.ts), the
 * offline alarm of a person in shift, and missed checkpoints once a patrol window's allowance
 * has passed. Only badge-wearers cost anything: their context is loaded once and kept until
 * staff, areas, shifts or rules change.
 */
export class CardEngine {
  private people: Promise<Map<number, Person>> | null = null;
  /** The same map once loaded: a position of any other vehicle is dropped without a promise. */
  private known: Map<number, Person> | null = null;
  private readonly states = new Map<number, DerivedState>();
  private readonly latest = new Map<number, Map<number, { lat: number; lon: number; time: number }>>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onAlarms: (ids: number[]) => Promise<void> | void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  invalidate() {
    this.people = null;
    this.known = null;
    this.states.clear();
  }

  private load(): Promise<Map<number, Person>> {
    this.people ??= (async () => {
      const staff = await staffQueries.all(this.db, '/');
      const shifts = new Map((await setupQueries.shiftsByIds(this.db, [...new Set(staff.map((s) => s.effective_shift_id).filter((x) => x !== null).map(Number))])).map((s) => [s.id, shiftRule(s)]));
      const fences = areasByStaff(staff, await setupQueries.areas(this.db, '/'));
      const rules = new Map<number, CardRules>();
      for (const id of new Set(staff.map((s) => Number(s.account_id)))) rules.set(id, await setupQueries.rules(this.db, id));
      return new Map(staff.map((s) => [Number(s.id), {
        accountId: Number(s.account_id), rule: s.effective_shift_id === null ? undefined : shifts.get(Number(s.effective_shift_id)),
        fences: fences.get(Number(s.id)) ?? [], rules: rules.get(Number(s.account_id))!,
      }]));
    })();
    const loading = this.people;
    loading.then((m) => this.people === loading && (this.known = m), () => (this.people = null));
    return loading;
  }

  /** Work is done one at a time: gathering compares people, so their order matters. */
  private serial(work: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(work).catch((err) => this.log?.error({ err }, '工牌报警计算失败'));
    return this.chain;
  }

  position(p: LastPosition): Promise<void> {
    if (this.known && p.vehicleId && !this.known.has(p.vehicleId)) return Promise.resolve();
    return p.vehicleId && p.valid ? this.serial(() => this.onPosition(p.vehicleId!, p)) : Promise.resolve();
  }

  presence(p: Presence): Promise<void> {
    if (this.known && p.vehicleId && !this.known.has(p.vehicleId)) return Promise.resolve();
    return p.vehicleId && !p.online ? this.serial(() => this.onOffline(p.vehicleId!, p.at)) : Promise.resolve();
  }

  idle(): Promise<void> {
    return this.chain;
  }

  private near(accountId: number, staffId: number, p: LastPosition, radius: number): number {
    let seen = this.latest.get(accountId);
    if (!seen) this.latest.set(accountId, (seen = new Map()));
    seen.set(staffId, { lat: p.lat, lon: p.lon, time: p.gpsTime });
    let n = 0;
    for (const [id, o] of seen) {
      if (id !== staffId && Math.abs(o.time - p.gpsTime) <= GATHER_FRESH_MS && distanceMeters([p.lon, p.lat], [o.lon, o.lat]) <= radius) n++;
    }
    return n;
  }

  private async onPosition(staffId: number, p: LastPosition) {
    const person = (await this.load()).get(staffId);
    if (!person) return;
    let state = this.states.get(staffId);
    if (!state) this.states.set(staffId, (state = await cardEngineQueries.state(this.db, staffId)));
    const step = derivedStep(state, person.rules, {
      time: p.gpsTime, lat: p.lat, lon: p.lon, inShift: inShift(person.rule, p.gpsTime), inArea: inAreas(person.fences, p.lat, p.lon),
      near: this.near(person.accountId, staffId, p, person.rules.gatheringRadius),
    });
    this.states.set(staffId, step.state);
    if (!sameState(state, step.state)) await cardEngineQueries.save(this.db, staffId, step.state);
    const raised: number[] = [];
    for (const type of step.raise) {
      if (!(await cardEngineQueries.claim(this.db, staffId, FLAG[type]))) continue;
      raised.push(...(await cardEngineQueries.raise(this.db, { staffId, type, at: p.gpsTime, lat: p.lat, lon: p.lon })));
    }
    if (raised.length) await this.onAlarms(raised);
  }

  private async onOffline(staffId: number, at: number) {
    const person = (await this.load()).get(staffId);
    if (!person || !inShift(person.rule, at)) return;
    const ids = await cardEngineQueries.raise(this.db, { staffId, type: 'offline', at, lat: null, lon: null });
    if (ids.length) await this.onAlarms(ids);
  }

  /** Raises missedCheckpoint for each assignee of a run that ended missed (once per run). */
  sweepPatrols(now = Date.now()): Promise<void> {
    return this.serial(async () => {
      const raised: number[] = [];
      // Today's runs, and yesterday's for two hours after midnight (a late evening window's allowance).
      for (const day of new Set([beijingDay(now - 2 * 3_600_000), beijingDay(now)])) {
        for (const run of await patrolRuns(this.db, '/', day, now)) {
          if (run.status !== 'missed' || !(await cardEngineQueries.claimPatrol(this.db, run.planId, day, run.window))) continue;
          for (const staffId of run.assigneeIds) raised.push(...(await cardEngineQueries.raise(this.db, { staffId, type: 'missedCheckpoint', at: now, lat: null, lon: null })));
        }
      }
      if (raised.length) await this.onAlarms(raised);
    });
  }
}

export interface CardEngineHandle {
  engine: CardEngine;
  settle(): Promise<void>;
  stop(): void;
}

/** Starts the engine beside the geofence engine (it hears positions the gateway publishes after commit). */
export function startCardEngine(ctx: Pick<AppContext, 'db' | 'bus' | 'log'>, opts: { sweepMs?: number } = {}): CardEngineHandle {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids)) ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new CardEngine(ctx.db, publish, ctx.log);
  const offPositions = ctx.bus.subscribe<LastPosition | LastPosition[]>('pos.>', (message) => {
    for (const p of Array.isArray(message) ? message : [message]) void engine.position(p);
  });
  const offPresence = ctx.bus.subscribe<Presence>('presence.>', (p) => void engine.presence(p));
  const offChanges = ctx.bus.subscribe(CARD_CHANGED, () => engine.invalidate());
  const timer = setInterval(() => void engine.sweepPatrols(), opts.sweepMs ?? 60_000);
  timer.unref();
  return {
    engine,
    settle: () => engine.idle(),
    stop() {
      clearInterval(timer);
      offPositions();
      offPresence();
      offChanges();
    },
  };
}
