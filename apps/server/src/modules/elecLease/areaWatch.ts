import { isInsideFence, type Fence } from '@chelian/geo';
import type { Alarm, LastPosition } from '@chelian/contracts';
import { beijingDisplayText } from '@chelian/contracts/beijingTime.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { pathWithin } from '../../core/accountScope.ts';
import { fenceShape } from '../geofences/fenceShape.ts';
import { GEOFENCE_CHANGED } from '../geofences/geofences.service.ts';
import { guardQueries } from '../elecCar/guard.queries.ts';
import { contractsQueries } from './contracts.queries.ts';
import { LEASE_CHANGED } from './contracts.service.ts';
import { lockContract, systemActor, type LockTrigger } from './locks.service.ts';
import { operatorQueries } from './operator.queries.ts';
import { riskQueries } from './risk.queries.ts';
import { publishAlarms } from './leaseJob.ts';
import type { PositionEngine } from '../feature.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

/** Below this speed (km/h) a bike in a no-parking zone counts as parked there. */
export const PARKED_KMH = 3;

interface Watched {
  accountPath: string;
  /** the open (active or overdue) contract, when the bike is out with a rider */
  contractId: number | null;
  /** the flags as last written, so a position that changes nothing writes nothing */
  out_of_area: boolean;
  in_no_parking: boolean;
}

interface AreaFence {
  accountPath: string;
  kind: 'boundary' | 'noParking';
  fence: Fence<number>;
}

/**
 * The service areas on every fix of a rental bike (fed like the geofence engine,
 * core/positionFeed.ts): a rented bike leaving every operating boundary of its operator raises 驶出运营区域 once
 * (until it is back inside), a bike standing in a no-parking zone 禁停区停车 once per stop; and a
 * tamper alarm of a rented bike. Each may lock the bike, by the operator's rules. The flags are
 * compare-and-set in the database, so several processes raise each alarm once.
 */
export class AreaWatch {
  private watched: Promise<Map<number, Watched>> | null = null;
  /** The same map once loaded: the feed keeps no fixes of other vehicles. */
  private known: Map<number, Watched> | null = null;
  private fences: Promise<AreaFence[]> | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log?: AppContext['log'],
  ) {}

  invalidate() {
    this.watched = null;
    this.known = null;
    this.fences = null;
  }

  /** Whether the vehicle may be a rental bike (true until they are loaded). */
  watchesVehicle(vehicleId: number | null): boolean {
    return vehicleId !== null && (!this.known || this.known.has(vehicleId));
  }

  position(p: LastPosition): Promise<void> {
    return this.serial(() => this.check(p));
  }

  alarm(a: Alarm): Promise<void> {
    if (a.type !== 'tamper' || a.vehicleId === null) return Promise.resolve();
    return this.serial(async () => {
      const w = (await this.load()).watched.get(a.vehicleId!);
      if (w?.contractId) await this.lockBy(w.contractId, 'tamper', `终端上报拆除报警（${beijingDisplayText(a.alarmTime)}）`);
    });
  }

  idle() {
    return this.chain;
  }

  private serial(step: () => Promise<void>) {
    this.chain = this.chain.then(step).catch((err) => this.log?.error({ err }, '电单车租赁区域检查失败'));
    return this.chain;
  }

  private load() {
    if (!this.watched) {
      const loading = (this.watched = this.loadWatched());
      void loading.then(
        (m) => this.watched === loading && (this.known = m),
        () => {},
      );
    }
    this.fences ??= riskQueries
      .watchedAreas(this.db)
      .then((rows) => rows.map((r) => ({ accountPath: r.path, kind: r.area, fence: fenceShape(Number(r.id), r) })));
    // Both taken now: an invalidate() while they load must not leave one of them null.
    const [watched, fences] = [this.watched, this.fences];
    return Promise.all([watched, fences]).then(([w, f]) => ({ watched: w, fences: f }));
  }

  private loadWatched(): Promise<Map<number, Watched>> {
    return riskQueries.watchedBikes(this.db).then(
      (rows) =>
        new Map(
          rows.map((r) => [
            Number(r.vehicle_id),
            {
              accountPath: r.path,
              contractId: r.contract_id === null ? null : Number(r.contract_id),
              out_of_area: r.out_of_area,
              in_no_parking: r.in_no_parking,
            },
          ]),
        ),
    );
  }

  private async check(p: LastPosition) {
    if (p.vehicleId === null || p.valid === false || !Number.isFinite(p.lat) || !Number.isFinite(p.lon)) return;
    const { watched, fences } = await this.load();
    const w = watched.get(p.vehicleId);
    if (!w) return;
    const mine = fences.filter((f) => pathWithin(w.accountPath, f.accountPath));
    const point = [p.lon, p.lat] as const;
    const boundaries = mine.filter((f) => f.kind === 'boundary');
    if (w.contractId !== null && boundaries.length > 0) {
      const outside = !boundaries.some((f) => isInsideFence(point, f.fence));
      if ((await this.flip(w, p.vehicleId, 'out_of_area', outside)) && outside) {
        await this.raise(p, 'leaseOutOfArea');
        const c = await contractsQueries.byId(this.db, w.contractId);
        if ((await operatorQueries.settings(this.db, c.account_path)).lock_out_of_area) {
          await this.lockBy(w.contractId, 'area', `驶出运营区域（${p.lat.toFixed(5)}, ${p.lon.toFixed(5)}）`);
        }
      }
    }
    const parked = (p.speed ?? 0) < PARKED_KMH && mine.some((f) => f.kind === 'noParking' && isInsideFence(point, f.fence));
    if ((await this.flip(w, p.vehicleId, 'in_no_parking', parked)) && parked) await this.raise(p, 'leaseNoParking');
  }

  /** Compare-and-set of a bike's area flag: true when this call changed it. */
  private async flip(w: Watched, vehicleId: number, column: 'out_of_area' | 'in_no_parking', value: boolean) {
    if (w[column] === value) return false;
    w[column] = value;
    return riskQueries.flipAreaFlag(this.db, vehicleId, column, value);
  }

  private async raise(p: LastPosition, type: AlarmType) {
    const ids = await guardQueries.raise(this.db, {
      vehicleId: p.vehicleId!,
      type,
      at: p.gpsTime,
      lat: p.lat,
      lon: p.lon,
      speed: p.speed ?? null,
    });
    await publishAlarms(this.db, this.bus, ids);
  }

  private async lockBy(contractId: number, trigger: LockTrigger, reason: string) {
    const c = await contractsQueries.byId(this.db, contractId);
    const settings = await operatorQueries.settings(this.db, c.account_path);
    if (trigger === 'tamper' && !settings.lock_on_tamper) return;
    const actor = await systemActor(this.db, c);
    if (actor && !c.lock_reason) await lockContract(this.db, this.bus, actor, c, trigger, reason);
  }
}

/** Starts the watch beside the geofence engine (the gateway role feeds it every committed fix). */
export function startAreaWatch(ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>): PositionEngine & { watch: AreaWatch } {
  const watch = new AreaWatch(ctx.db, ctx.bus, ctx.log);
  const offs = [
    ctx.positionFeed.subscribe({
      wants: (t) => watch.watchesVehicle(t.vehicleId),
      fixes: (fixes) => {
        for (const p of fixes) void watch.position(p);
      },
    }),
    ctx.bus.subscribe<Alarm>('alarm.>', (a) => void watch.alarm(a)),
    ctx.bus.subscribe(LEASE_CHANGED, () => watch.invalidate()),
    ctx.bus.subscribe(GEOFENCE_CHANGED, () => watch.invalidate()),
  ];
  // Contracts start and end in other processes too: the cache is refreshed every minute regardless.
  const timer = setInterval(() => watch.invalidate(), 60_000);
  timer.unref();
  return { watch, stop: () => (clearInterval(timer), offs.forEach((off) => off())) };
}
