import type { FastifyBaseLogger } from 'fastify';
import type { CardRules, LastPosition, Presence } from '@chelian/contracts';
import { distanceMeters, type Fence } from '@chelian/geo';
import { beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import { subjects } from '../../bus/subjects.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import type { ShiftRule } from './attendance.ts';
import { inShift, shiftRule } from './card.presenter.ts';
import { isBlindArea } from '@chelian/protocols/positionAttributes.ts';
import { judgedBefore, lateEvents, type ForwardRule } from '../../core/lateReplay.ts';
import { derivedStep, FRESH_STATE, sameState, type DerivedAlarm, type DerivedState } from './cardRules.ts';
import { cardEngineQueries } from './cardEngine.queries.ts';
import { patrolRuns } from './patrol.service.ts';
import { setupQueries } from './setup.queries.ts';
import { staffQueries } from './staff.queries.ts';
import { areasByStaff, inAreas } from './staffDay.ts';
import { CARD_CHANGED } from './staff.service.ts';
import type { PositionEngine } from '../feature.ts';

interface Person {
  accountId: number;
  rule: ShiftRule | undefined;
  fences: Fence<number>[];
  rules: CardRules;
}

/** How far either side of a late upload stored fixes are replayed (at least twice the off-post and standstill minutes). */
const LATE_WINDOW_MS = 60 * 60_000;
/** A position older than this does not count someone as present for gathering. */
const GATHER_FRESH_MS = 5 * 60_000;
const FLAG: Record<DerivedAlarm, 'off_post_alarmed' | 'still_alarmed' | 'gathering_alarmed'> = {
  offPost: 'off_post_alarmed',
  standstill: 'still_alarmed',
  gathering: 'gathering_alarmed',
};

/**
 * 智能工牌's derived alarms from each fix once committed (cardRules.ts, core/positionFeed.ts), the
 * offline alarm of a person in shift, and missed checkpoints once a patrol window's allowance
 * has passed. Only badge-wearers cost anything: their context is loaded once and kept until
 * staff, areas, shifts or rules change.
 */
export class CardEngine {
  private people: Promise<Map<number, Person>> | null = null;
  /** The same map once loaded: a position of any other vehicle is dropped without a promise. */
  private known: Map<number, Person> | null = null;
  private readonly states = new Map<number, DerivedState>();
  /** Per person, the device time of the newest fix judged in order: an older one is late (judgeLate). */
  private readonly judgedTo = new Map<number, number>();
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
      const shifts = new Map(
        (
          await setupQueries.shiftsByIds(this.db, [
            ...new Set(
              staff
                .map((s) => s.effective_shift_id)
                .filter((x) => x !== null)
                .map(Number),
            ),
          ])
        ).map((s) => [s.id, shiftRule(s)]),
      );
      const fences = areasByStaff(staff, await setupQueries.areas(this.db, '/'));
      const rules = new Map<number, CardRules>();
      for (const id of new Set(staff.map((s) => Number(s.account_id)))) rules.set(id, await setupQueries.rules(this.db, id));
      return new Map(
        staff.map((s) => [
          Number(s.id),
          {
            accountId: Number(s.account_id),
            rule: s.effective_shift_id === null ? undefined : shifts.get(Number(s.effective_shift_id)),
            fences: fences.get(Number(s.id)) ?? [],
            rules: rules.get(Number(s.account_id))!,
          },
        ]),
      );
    })();
    const loading = this.people;
    loading.then(
      (m) => this.people === loading && (this.known = m),
      () => (this.people = null),
    );
    return loading;
  }

  /** Work is done one at a time: gathering compares people, so their order matters. */
  private serial(work: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(work).catch((err) => this.log?.error({ err }, '工牌报警计算失败'));
    return this.chain;
  }

  /** Whether the badge may be someone's (true until staff are loaded). */
  watchesVehicle(vehicleId: number | null): boolean {
    return vehicleId !== null && (!this.known || this.known.has(vehicleId));
  }

  position(p: LastPosition): Promise<void> {
    return this.fixes([p]);
  }

  /**
   * One badge's committed fixes, oldest first, in order for their connection. Those no newer than
   * what the engine already judged for the person (sent first on a new connection, or by another
   * connection of the badge) would step the state backwards: they go to the late path together.
   */
  fixes(batch: readonly LastPosition[]): Promise<void> {
    const valid = batch.filter((p) => p.valid && p.vehicleId);
    const staffId = valid[0]?.vehicleId;
    if (!staffId || (this.known && !this.known.has(staffId))) return Promise.resolve();
    return this.serial(async () => {
      const judgedTo = await this.judgedUpTo(staffId, valid[0]!.receivedAt);
      const older = valid.filter((p) => p.gpsTime <= judgedTo);
      if (older.length) await this.judgeLate(staffId, older);
      for (const p of valid) if (p.gpsTime > judgedTo) await this.onPosition(staffId, p);
    });
  }

  /** The newest device time judged for the person; read from the stored fixes the first time this engine sees them. */
  private async judgedUpTo(staffId: number, receivedAt: number): Promise<number> {
    let to = this.judgedTo.get(staffId);
    if (to === undefined)
      this.judgedTo.set(staffId, (to = (await cardEngineQueries.newestStoredBefore(this.db, staffId, receivedAt)) ?? -Infinity));
    return to;
  }

  /** Fixes older than one the badge already fed (a blind-area upload after live reports), judged together (judgeLate). */
  lateFixes(fixes: readonly LastPosition[]): Promise<void> {
    const valid = fixes.filter((p) => p.valid && p.vehicleId);
    const staffId = valid[0]?.vehicleId;
    if (!staffId || (this.known && !this.known.has(staffId))) return Promise.resolve();
    return this.serial(() => this.judgeLate(staffId, valid));
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
      if (id !== staffId && Math.abs(o.time - p.gpsTime) <= GATHER_FRESH_MS && distanceMeters([p.lon, p.lat], [o.lon, o.lat]) <= radius)
        n++;
    }
    return n;
  }

  private async onPosition(staffId: number, p: LastPosition) {
    const person = (await this.load()).get(staffId);
    if (!person) return;
    this.judgedTo.set(staffId, Math.max(this.judgedTo.get(staffId) ?? -Infinity, p.gpsTime));
    let state = this.states.get(staffId);
    if (!state) this.states.set(staffId, (state = await cardEngineQueries.state(this.db, staffId)));
    const step = derivedStep(state, person.rules, {
      time: p.gpsTime,
      lat: p.lat,
      lon: p.lon,
      inShift: inShift(person.rule, p.gpsTime),
      inArea: inAreas(person.fences, p.lat, p.lon),
      near: this.near(person.accountId, staffId, p, person.rules.gatheringRadius),
    });
    this.states.set(staffId, step.state);
    if (!sameState(state, step.state)) await cardEngineQueries.save(this.db, staffId, step.state);
    const raised: number[] = [];
    for (const type of step.raise) {
      if (!(await cardEngineQueries.claim(this.db, staffId, FLAG[type]))) continue;
      raised.push(
        ...(await cardEngineQueries.raise(this.db, { staffId, type, at: p.gpsTime, lat: p.lat, lon: p.lon, late: isBlindArea(p.extras) })),
      );
    }
    if (raised.length) await this.onAlarms(raised);
  }

  /**
   * Late fixes: off post and standstill are judged where they belong in device time, by replaying
   * the rule over the badge's fixes stored round them, with and without them (core/lateReplay.ts).
   * A stretch outside every area, or still, in the shift that the upload shows raises 离岗 or 静止超时
   * 补传 at the fix that reached the minutes; one already raised live, or by the same upload
   * before, is not raised again. The state stays the newest fix's. Gathering is not judged from
   * late fixes: it compares other people's fixes of that moment, which the engine keeps only as they come.
   */
  private async judgeLate(staffId: number, late: readonly LastPosition[]) {
    const person = (await this.load()).get(staffId);
    if (!person?.rule) return;
    const kinds: Array<'offPost' | 'standstill'> = person.fences.length ? ['offPost', 'standstill'] : ['standstill'];
    const times = late.map((p) => p.gpsTime);
    // Twice the minutes back: a stretch under way when the window opens reaches its minutes on judged fixes in both runs alike.
    const span = Math.max(LATE_WINDOW_MS, 2 * Math.max(person.rules.offPostMinutes, person.rules.standstillMinutes) * 60_000);
    const from = Math.min(...times);
    const stored = await cardEngineQueries.fixesAround(this.db, staffId, {
      since: from - span,
      from,
      until: Math.max(...times) + span,
      receivedBy: Math.max(...late.map((p) => p.receivedAt)),
    });
    const judged = judgedBefore(stored, late);
    const fixes = late.map((p) => ({ time: p.gpsTime, lat: p.lat, lon: p.lon }));
    const raised: number[] = [];
    for (const kind of kinds) {
      // The stretches of one kind, each its own run: a fix may raise both, a replay step raises one.
      const rule: ForwardRule<DerivedState, { time: number; lat: number; lon: number }, typeof kind> = {
        start: FRESH_STATE,
        step: (state, f) => {
          const step = derivedStep(state, person.rules, {
            ...f,
            inShift: inShift(person.rule, f.time),
            inArea: inAreas(person.fences, f.lat, f.lon),
            near: 0,
          });
          return { state: step.state, event: step.raise.includes(kind) ? kind : null };
        },
      };
      for (const e of lateEvents(rule, judged, fixes)) {
        raised.push(
          ...(await cardEngineQueries.raise(this.db, { staffId, type: kind, at: e.fix.time, lat: e.fix.lat, lon: e.fix.lon, late: true })),
        );
      }
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
      for (const day of new Set([beijingDayOf(now - 2 * 3_600_000), beijingDayOf(now)])) {
        for (const run of await patrolRuns(this.db, '/', day, now)) {
          if (run.status !== 'missed' || !(await cardEngineQueries.claimPatrol(this.db, run.planId, day, run.window))) continue;
          for (const staffId of run.assigneeIds)
            raised.push(...(await cardEngineQueries.raise(this.db, { staffId, type: 'missedCheckpoint', at: now, lat: null, lon: null })));
        }
      }
      if (raised.length) await this.onAlarms(raised);
    });
  }
}

export interface CardEngineHandle extends PositionEngine {
  engine: CardEngine;
  settle(): Promise<void>;
}

/** Starts the engine beside the geofence engine (fed every fix this process's gateway commits). */
export function startCardEngine(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>,
  opts: { sweepMs?: number } = {},
): CardEngineHandle {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids))
      ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new CardEngine(ctx.db, publish, ctx.log);
  const offPositions = ctx.positionFeed.subscribe({
    wants: (t) => engine.watchesVehicle(t.vehicleId),
    fixes: (fixes) => {
      void engine.fixes(fixes);
    },
    lateFixes: (fixes) => void engine.lateFixes(fixes),
    // Offline in shift: from the gateway that declared it, so once in a cluster.
    presence: (p) => void engine.presence(p),
  });
  const offChanges = ctx.bus.subscribe(CARD_CHANGED, () => engine.invalidate());
  const timer = setInterval(() => void engine.sweepPatrols(), opts.sweepMs ?? 60_000);
  timer.unref();
  return {
    engine,
    settle: () => engine.idle(),
    async stop() {
      clearInterval(timer);
      offPositions();
      offChanges();
      await engine.idle(); // the patrol sweep runs in the same chain
    },
  };
}
