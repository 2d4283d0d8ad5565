import type { FastifyBaseLogger } from 'fastify';
import type { LastPosition, Presence } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { supportsCommand } from '@chelian/protocols';
import { bikesQueries } from './bikes.queries.ts';
import { ebikeExtras } from './bikes.presenter.ts';
import { guardQueries, type GuardRow } from './guard.queries.ts';
import { guardStep, sameGuard, type GuardState } from './guardRules.ts';
import { issueCommand } from './control.service.ts';
import { isBlindArea } from '@chelian/protocols/positionAttributes.ts';

interface Watch {
  row: GuardRow;
  state: GuardState;
  /** when ACC went off with the guard off (auto-arm counts from here); null otherwise */
  accOffAt: number | null;
  lastTime: number;
}

const stateOf = (r: GuardRow): GuardState => ({
  armed: r.armed,
  armedLat: r.armed_lat,
  armedLon: r.armed_lon,
  accAlarmed: r.acc_alarmed,
  displaced: r.displaced,
});

/**
 * The alarms the platform derives for e-bikes (guardRules.ts) as positions arrive, the offline
 * alarm of an armed bike, and auto-arm after ACC off. Only e-bikes cost anything: their vehicle ids
 * are cached, each bike's guard loaded once and kept until a bike or its settings change.
 *
 * Late fixes (a blind-area upload after live reports) are not taken: each derived alarm is once per
 * arming, state built from the run of fixes up to now, which a fix from the past cannot soundly be
 * judged against (docs/architecture.md, "Late fixes, the rule"); the bike's
 * fences are the geofence engine's, which takes them. An in-order fix from a blind area raises 补传.
 */
export class GuardEngine {
  private bikes: Promise<Set<number>> | null = null;
  /** The same set once loaded: a position of any other vehicle is dropped without a promise. */
  private known: Set<number> | null = null;
  private readonly watches = new Map<number, Promise<Watch | undefined>>();
  private readonly chains = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly onAlarms: (ids: number[]) => Promise<void> | void,
    private readonly log?: FastifyBaseLogger,
  ) {}

  invalidate() {
    this.bikes = null;
    this.known = null;
    this.watches.clear();
  }

  /** Whether the vehicle may be an e-bike (true until the set is loaded). */
  watchesVehicle(vehicleId: number | null): boolean {
    return vehicleId !== null && (!this.known || this.known.has(vehicleId));
  }

  position(p: LastPosition): Promise<void> {
    if (this.known && p.vehicleId && !this.known.has(p.vehicleId)) return Promise.resolve();
    return p.vehicleId ? this.serial(p.vehicleId, () => this.onPosition(p.vehicleId!, p)) : Promise.resolve();
  }

  presence(p: Presence): Promise<void> {
    return p.vehicleId && !p.online ? this.serial(p.vehicleId, () => this.onOffline(p.vehicleId!, p.at)) : Promise.resolve();
  }

  /** Arms the bikes whose ACC has been off for their delay (auto-arm on). */
  async autoArm(now = Date.now()) {
    for (const [vehicleId, found] of this.watches) {
      const w = await found;
      if (!w || w.accOffAt === null || w.state.armed || !w.row.auto_arm || now - w.accOffAt < w.row.auto_arm_delay * 1000) continue;
      w.accOffAt = null;
      if (w.row.terminal_pk === null || !supportsCommand(w.row.protocol ?? '', 'arm')) continue;
      await issueCommand(this.db, this.bus, { terminalPk: w.row.terminal_pk, identifier: w.row.identifier!, userId: null }, 'arm');
      await bikesQueries.setArmed(this.db, vehicleId, true);
      this.watches.delete(vehicleId);
    }
  }

  async idle() {
    while (this.chains.size) await Promise.all([...this.chains.values()]);
  }

  private serial(vehicleId: number, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(vehicleId) ?? Promise.resolve())
      .then(work)
      .catch((err) => this.log?.error({ err, vehicleId }, '电单车报警计算失败'));
    this.chains.set(vehicleId, next);
    void next.then(() => this.chains.get(vehicleId) === next && this.chains.delete(vehicleId));
    return next;
  }

  private async watch(vehicleId: number): Promise<Watch | undefined> {
    if (!this.bikes) {
      const loading = (this.bikes = guardQueries.bikeVehicleIds(this.db));
      void loading.then(
        (set) => this.bikes === loading && (this.known = set),
        () => (this.bikes = null),
      );
    }
    if (!(await this.bikes).has(vehicleId)) return undefined;
    let found = this.watches.get(vehicleId);
    if (!found) {
      found = guardQueries
        .guardOf(this.db, vehicleId)
        .then((row) => (row ? { row, state: stateOf(row), accOffAt: null, lastTime: 0 } : undefined));
      this.watches.set(vehicleId, found);
      found.catch(() => this.watches.delete(vehicleId));
    }
    return found;
  }

  private async onPosition(vehicleId: number, p: LastPosition) {
    const w = await this.watch(vehicleId);
    if (!w || p.gpsTime < w.lastTime) return;
    w.lastTime = p.gpsTime;
    const reported = ebikeExtras(p.extras).armed;
    const { state, raise } = guardStep(
      w.state,
      { displacementRadius: w.row.displacement_radius },
      {
        valid: p.valid,
        lat: p.lat,
        lon: p.lon,
        speed: p.speed,
        acc: p.acc,
        reportedArmed: typeof reported === 'boolean' ? reported : null,
      },
    );
    if (p.acc === false && !state.armed) w.accOffAt ??= Date.now();
    else w.accOffAt = null;
    const changed = !sameGuard(w.state, state);
    w.state = state;
    const raised: number[] = [];
    for (const type of raise) {
      // The terminal raised it itself with this very fix (a GT06 0x26 alarm packet): the gateway stored that one.
      if (p.alarms.includes(type)) continue;
      if (!(await guardQueries.claimFlag(this.db, vehicleId, type))) continue;
      raised.push(
        ...(await guardQueries.raise(this.db, {
          vehicleId,
          type,
          at: p.gpsTime,
          lat: p.lat,
          lon: p.lon,
          speed: p.speed,
          late: isBlindArea(p.extras),
        })),
      );
    }
    if (changed) await guardQueries.save(this.db, vehicleId, state);
    if (raised.length) await this.onAlarms(raised);
  }

  private async onOffline(vehicleId: number, at: number) {
    const w = await this.watch(vehicleId);
    if (!w?.state.armed) return;
    const last = await guardQueries.latestOf(this.db, vehicleId);
    const ids = await guardQueries.raise(this.db, {
      vehicleId,
      type: 'offline',
      at,
      lat: last?.lat ?? null,
      lon: last?.lon ?? null,
      speed: null,
    });
    if (ids.length) await this.onAlarms(ids);
  }
}
