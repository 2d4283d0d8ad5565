/**
 * 宠物卫士's safe-zone alarms as the gateway publishes positions after commit: each valid fix of a
 * collar is stepped through zoneSmoothing.ts for every zone of its pet; a confirmed crossing raises
 * 离开安全区域 / 进入安全区域 (when that zone's switch is on) through the one alarm pipeline, once:
 * the state is written with a compare-and-set on the last fix handled, so several engines seeing
 * the same fix raise one alarm. Zones are loaded once and reloaded when zones or collars change.
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
import { NEW_ZONE_STATE, stepZone, type ZoneFix } from './zoneSmoothing.ts';

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
  private chain: Promise<void> = Promise.resolve();

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
    loading.then((m) => this.zones === loading && (this.known = m), () => (this.zones = null));
    return loading;
  }

  /** One fix at a time, in the order they were published. */
  position(p: LastPosition): Promise<void> {
    if (!p.valid || (this.known && !this.known.has(p.terminalId))) return Promise.resolve();
    this.chain = this.chain.then(() => this.onPosition(p)).catch((err) => this.log?.error({ err }, '宠物安全区域报警计算失败'));
    return this.chain;
  }

  idle(): Promise<void> {
    return this.chain;
  }

  private async onPosition(p: LastPosition) {
    const zones = (await this.load()).get(p.terminalId);
    if (!zones) return;
    const states = await Promise.all(zones.map(({ row }) => petZonesQueries.state(this.db, Number(row.id))));
    // The gateway publishes only the newest fix of a batch: the stored ones since the oldest
    // zone state (at most an hour back) are stepped through in device-time order.
    const since = Math.max(p.gpsTime - CATCH_UP_MS, Math.min(...states.map((s) => s?.lastTime ?? -Infinity)));
    const fixes = await petZonesQueries.fixes(this.db, Number(zones[0]!.row.terminal_pk), since, p.gpsTime);
    const raised: number[] = [];
    for (const [i, { row, fence }] of zones.entries()) {
      const before = states[i]!;
      let state = before ?? NEW_ZONE_STATE;
      const events: { type: string; fix: ZoneFix }[] = [];
      for (const fix of fixes) {
        const step = stepZone(state, fence, fix);
        state = step.state;
        if (step.event === 'exit' && row.alarm_exit) events.push({ type: 'petZoneExit', fix });
        if (step.event === 'enter' && row.alarm_enter) events.push({ type: 'petZoneEnter', fix });
      }
      if (before && state.lastTime === before.lastTime) continue;
      if (state.lastTime === -Infinity || !(await petZonesQueries.save(this.db, Number(row.id), before, state))) continue;
      for (const e of events) {
        raised.push(...(await petZonesQueries.raise(this.db, { terminalPk: Number(row.terminal_pk), accountId: Number(row.account_id), type: e.type, at: e.fix.time, lat: e.fix.lat, lon: e.fix.lon })));
      }
    }
    if (raised.length) await this.onAlarms(raised);
  }
}

export interface PetZoneEngineHandle {
  engine: PetZoneEngine;
  settle(): Promise<void>;
  stop(): void;
}

/** Starts the engine beside the other derived-alarm engines (gateway role). */
export function startPetZoneEngine(ctx: Pick<AppContext, 'db' | 'bus' | 'log'>): PetZoneEngineHandle {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids)) ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const engine = new PetZoneEngine(ctx.db, publish, ctx.log);
  const offPositions = ctx.bus.subscribe<LastPosition | LastPosition[]>('pos.>', (message) => {
    for (const p of Array.isArray(message) ? message : [message]) void engine.position(p);
  });
  const offChanges = ctx.bus.subscribe(PET_ZONES_CHANGED, () => engine.invalidate());
  return {
    engine,
    settle: () => engine.idle(),
    stop() {
      offPositions();
      offChanges();
    },
  };
}
