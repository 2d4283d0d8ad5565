/**
 * 宠物卫士's safe-zone alarms as this process's gateway commits fixes: each valid fix of a
 * collar is stepped through zoneSmoothing.ts for every zone of its pet; a confirmed crossing raises
 * 离开安全区域 / 进入安全区域 (when that zone's switch is on) through the one alarm pipeline, once:
 * the state is written with a compare-and-set on the last fix handled, so several engines seeing
 * the same fix raise one alarm. A collar's fixes are handled in order, different collars' side by
 * side. Zones are loaded once and reloaded when zones or collars change.
 *
 * Late fixes (a blind-area upload after live reports, core/positionFeed.ts lateFixes) are judged
 * where they belong in device time by replaying the smoothing over the stored fixes round them
 * (core/lateReplay.ts): what they show is raised 补传 at its device time; the zone states stay the
 * newest fix's. Alarms from an in-order blind-area fix are 补传 too.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LastPosition } from '@chelian/contracts';
import type { Fence } from '@chelian/geo';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import { subjects } from '../../bus/subjects.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { petZonesQueries, type WatchedZoneRow } from './petZones.queries.ts';
import { PET_ZONES_CHANGED } from './petZones.service.ts';
import { judgedBefore, lateEvents } from '../../core/lateReplay.ts';
import { NEW_ZONE_STATE, stepZone, type ZoneFix } from './zoneSmoothing.ts';
import type { PositionEngine } from '../feature.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

/** How far back stored fixes are caught up after a gap. */
const CATCH_UP_MS = 60 * 60_000;

interface Watched {
  row: WatchedZoneRow;
  fence: Fence<number>;
}

const fenceOf = (r: WatchedZoneRow): Fence<number> =>
  'center' in r.geometry
    ? { id: Number(r.id), kind: 'circle', center: r.geometry.center, radiusMeters: r.geometry.radiusMeters }
    : { id: Number(r.id), kind: 'polygon', rings: r.geometry.rings };

export class PetZoneEngine {
  private zones: Promise<Map<string, Watched[]>> | null = null;
  private known: Map<string, Watched[]> | null = null;
  /** Per collar, its fixes one at a time in the order fed; different collars run side by side. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly onAlarms: (ids: number[]) => Promise<void> | void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  invalidate() {
    this.zones = null;
    this.known = null;
  }

  private load(): Promise<Map<string, Watched[]>> {
    this.zones ??= (async () => {
      const byCollar = new Map<string, Watched[]>();
      for (const row of await petZonesQueries.watched(this.db)) {
        const list = byCollar.get(row.identifier) ?? [];
        list.push({ row, fence: fenceOf(row) });
        byCollar.set(row.identifier, list);
      }
      return byCollar;
    })();
    const loading = this.zones;
    loading.then(
      (m) => this.zones === loading && (this.known = m),
      () => (this.zones = null),
    );
    return loading;
  }

  /** Whether the collar may have zones (true until zones are loaded). */
  watchesTerminal(identifier: string): boolean {
    return !this.known || this.known.has(identifier);
  }

  /**
   * A collar's newest fix of a batch (`batch`: all of them, oldest first), one at a time in the
   * order fed (other collars' run meanwhile).
   */
  position(p: LastPosition, batch: readonly LastPosition[] = [p]): Promise<void> {
    if (!p.valid || (this.known && !this.known.has(p.terminalId))) return Promise.resolve();
    return this.enqueue(p.terminalId, () => this.onPosition(p, batch));
  }

  /** Fixes older than one the collar already fed (a blind-area upload after live reports), judged together (judgeLate). */
  lateFixes(fixes: readonly LastPosition[]): Promise<void> {
    const valid = fixes.filter((p) => p.valid);
    if (!valid.length || (this.known && !this.known.has(valid[0]!.terminalId))) return Promise.resolve();
    return this.enqueue(valid[0]!.terminalId, () => this.judgeLate(valid));
  }

  private enqueue(id: string, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(work).catch((err) => this.log?.error({ err }, '宠物安全区域报警计算失败'));
    this.chains.set(id, next);
    void next.then(() => this.chains.get(id) === next && this.chains.delete(id));
    return next;
  }

  async idle(): Promise<void> {
    while (this.chains.size) await Promise.all(this.chains.values());
  }

  private async onPosition(p: LastPosition, batch: readonly LastPosition[]) {
    const zones = (await this.load()).get(p.terminalId);
    if (!zones) return;
    const states = await Promise.all(zones.map(({ row }) => petZonesQueries.state(this.db, Number(row.id))));
    // In order for this connection, yet no newer than a fix another connection of the collar fed before: late.
    const judgedTo = Math.min(...states.map((s) => s?.lastTime ?? -Infinity));
    const older = batch.filter((f) => f.valid && f.gpsTime <= judgedTo);
    if (older.length) await this.judgeLate(older);
    // Fed the newest fix of what was just committed: the stored ones since the oldest zone
    // state (at most an hour back) are stepped through in device-time order.
    const since = Math.max(p.gpsTime - CATCH_UP_MS, Math.min(...states.map((s) => s?.lastTime ?? -Infinity)));
    const fixes = await petZonesQueries.fixes(this.db, Number(zones[0]!.row.terminal_pk), since, p.gpsTime);
    const raised: number[] = [];
    for (const [i, { row, fence }] of zones.entries()) {
      const before = states[i]!;
      let state = before ?? NEW_ZONE_STATE;
      const events: { type: AlarmType; fix: ZoneFix }[] = [];
      for (const fix of fixes) {
        const step = stepZone(state, fence, fix);
        state = step.state;
        if (step.event === 'exit' && row.alarm_exit) events.push({ type: 'petZoneExit', fix });
        if (step.event === 'enter' && row.alarm_enter) events.push({ type: 'petZoneEnter', fix });
      }
      if (before && state.lastTime === before.lastTime) continue;
      if (state.lastTime === -Infinity || !(await petZonesQueries.save(this.db, Number(row.id), before, state))) continue;
      for (const e of events) {
        raised.push(
          ...(await petZonesQueries.raise(this.db, {
            terminalPk: Number(row.terminal_pk),
            accountId: Number(row.account_id),
            type: e.type,
            at: e.fix.time,
            lat: e.fix.lat,
            lon: e.fix.lon,
            late: e.fix.blind ?? false,
          })),
        );
      }
    }
    if (raised.length) await this.onAlarms(raised);
  }

  /**
   * Late fixes: per zone, the smoothing replayed over the collar's fixes stored before they arrived
   * (an hour either side), with and without them (core/lateReplay.ts). An exit and return the
   * collar kept while out of coverage raise both, 补传, each at the fix that confirmed it; a crossing
   * already raised live is not raised again, nor is an upload sent twice. Zone states are untouched.
   */
  private async judgeLate(late: readonly LastPosition[]) {
    const zones = (await this.load()).get(late[0]!.terminalId);
    if (!zones) return;
    const times = late.map((p) => p.gpsTime);
    const received = late.map((p) => p.receivedAt);
    const from = Math.min(...times);
    const stored = await petZonesQueries.fixesAround(this.db, Number(zones[0]!.row.terminal_pk), {
      since: from - CATCH_UP_MS,
      from,
      until: Math.max(...times) + CATCH_UP_MS,
      receivedBy: Math.max(...received),
    });
    const judged = judgedBefore(stored, late);
    const fixes: ZoneFix[] = late.map((p) => ({
      time: p.gpsTime,
      lon: p.lon,
      lat: p.lat,
      accuracy: typeof p.extras?.accuracy === 'number' ? p.extras.accuracy : null,
    }));
    const wanted: Array<{ row: WatchedZoneRow; type: AlarmType; fix: ZoneFix }> = [];
    for (const { row, fence } of zones) {
      for (const e of lateEvents({ start: NEW_ZONE_STATE, step: (s, f) => stepZone(s, fence, f) }, judged, fixes)) {
        if (e.kind === 'exit' ? row.alarm_exit : row.alarm_enter)
          wanted.push({ row, type: e.kind === 'exit' ? 'petZoneExit' : 'petZoneEnter', fix: e.fix });
      }
    }
    const raised: number[] = [];
    for (const { row, type, fix } of wanted) {
      // Zones crossed at the same fix raise one alarm each: that many may stand at that time.
      const ofSameKind = wanted.filter((w) => w.type === type && w.fix.time === fix.time).length;
      raised.push(
        ...(await petZonesQueries.raise(this.db, {
          terminalPk: Number(row.terminal_pk),
          accountId: Number(row.account_id),
          type,
          at: fix.time,
          lat: fix.lat,
          lon: fix.lon,
          late: true,
          ofSameKind,
        })),
      );
    }
    if (raised.length) await this.onAlarms(raised);
  }
}

export interface PetZoneEngineHandle extends PositionEngine {
  engine: PetZoneEngine;
  settle(): Promise<void>;
}

/** Starts the engine beside the other derived-alarm engines (gateway role, fed like them). */
export function startPetZoneEngine(ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>): PetZoneEngineHandle {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids))
      ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new PetZoneEngine(ctx.db, publish, ctx.log);
  // The newest of a collar's fixes: the engine steps the stored ones up to it (onPosition), one read for the lot.
  const offPositions = ctx.positionFeed.subscribe({
    wants: (t) => engine.watchesTerminal(t.terminalId),
    fixes: (fixes) => void engine.position(fixes[fixes.length - 1]!, fixes),
    lateFixes: (fixes) => void engine.lateFixes(fixes),
  });
  const offChanges = ctx.bus.subscribe(PET_ZONES_CHANGED, () => engine.invalidate());
  return {
    engine,
    settle: () => engine.idle(),
    async stop() {
      offPositions();
      offChanges();
      await engine.idle();
    },
  };
}
