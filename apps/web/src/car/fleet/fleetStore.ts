import type { Vehicle } from '@chelian/contracts';
import type { LastPosition, Presence } from '@chelian/contracts';
import { emptyCounts, vehicleState, type StateCounts, type VehicleState } from '../../shared/vehicle/vehicleState.ts';

/** One vehicle as the monitoring views see it: its record and its latest position. */
export interface FleetVehicle {
  vehicleId: number;
  terminalId: string;
  plate: string;
  name: string;
  groupId: number | null;
  accountId: number;
  sim: string;
  online: boolean;
  hasPosition: boolean;
  lon: number;
  lat: number;
  speed: number;
  course: number;
  gpsTime: number;
  mileage: number | null;
  acc: boolean | null;
  alarms: string[];
  /** an unhandled alarm was pushed for it just now */
  alarmUntil: number;
  /** its terminal's service has expired: its live position is withheld (docs/decisions.md), shown as 服务已到期 */
  serviceExpired: boolean;
  state: VehicleState;
}

export type FleetListener = (changed: ReadonlySet<number> | 'all') => void;

/** How long a pushed alarm keeps the vehicle red without the terminal still reporting it. */
const PUSHED_ALARM_MS = 5 * 60_000;

/**
 * The fleet in memory, outside React: thousands of vehicles change every few seconds, and each
 * view takes only what changed. Changes are gathered and announced together (`flush`), so a
 * burst of positions costs the map one update.
 */
export class FleetStore {
  readonly byVehicle = new Map<number, FleetVehicle>();
  private readonly byTerminal = new Map<string, FleetVehicle>();
  private readonly listeners = new Set<FleetListener>();
  private changed = new Set<number>();
  private all = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private countsCache: StateCounts | null = null;
  lastUpdate = 0;
  /** goes up whenever the vehicles themselves (not their positions) are replaced */
  rosterVersion = 0;

  constructor(
    private readonly flushDelayMs = 250,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.byVehicle.size;
  }

  get(vehicleId: number): FleetVehicle | undefined {
    return this.byVehicle.get(vehicleId);
  }

  byTerminalId(terminalId: string): FleetVehicle | undefined {
    return this.byTerminal.get(terminalId) ?? this.byTerminal.get(terminalId.replace(/^0+/, ''));
  }

  values(): IterableIterator<FleetVehicle> {
    return this.byVehicle.values();
  }

  /** Replaces the fleet with these vehicles (keeping what is known of their positions). */
  setVehicles(vehicles: Vehicle[]): void {
    this.rosterVersion++;
    const previous = new Map(this.byVehicle);
    this.byVehicle.clear();
    this.byTerminal.clear();
    for (const v of vehicles) {
      const old = previous.get(v.vehicleId);
      const item: FleetVehicle = {
        vehicleId: v.vehicleId,
        terminalId: v.terminalId,
        plate: v.plate,
        name: v.name || v.plate,
        groupId: v.groupId,
        accountId: v.accountId,
        sim: v.sim,
        online: v.online,
        hasPosition: old?.hasPosition ?? false,
        lon: old?.lon ?? 0,
        lat: old?.lat ?? 0,
        speed: old?.speed ?? 0,
        course: old?.course ?? 0,
        gpsTime: old?.gpsTime ?? 0,
        mileage: old?.mileage ?? null,
        acc: old?.acc ?? null,
        alarms: old?.alarms ?? [],
        alarmUntil: old?.alarmUntil ?? 0,
        serviceExpired: v.terminalStatus === 'expired',
        state: 'offline',
      };
      item.state = this.stateOf(item);
      this.byVehicle.set(v.vehicleId, item);
      if (v.terminalId) {
        this.byTerminal.set(v.terminalId, item);
        this.byTerminal.set(v.terminalId.replace(/^0+/, ''), item);
      }
    }
    this.markAll();
  }

  applyPositions(positions: readonly LastPosition[]): void {
    for (const p of positions) {
      const v = (p.vehicleId && this.byVehicle.get(p.vehicleId)) || this.byTerminalId(p.terminalId);
      if (!v || !Number.isFinite(p.lat) || !Number.isFinite(p.lon)) continue;
      if (v.hasPosition && p.gpsTime < v.gpsTime) continue; // an older report arriving late
      if (p.valid === false && p.lat === 0 && p.lon === 0) continue;
      v.hasPosition = true;
      v.serviceExpired = false; // positions are pushed only while the service runs: it was renewed
      v.lon = p.lon;
      v.lat = p.lat;
      v.speed = p.speed ?? 0;
      v.course = p.direction ?? 0;
      v.gpsTime = p.gpsTime;
      v.online = p.online ?? true;
      v.mileage = p.mileage ?? v.mileage;
      v.acc = p.acc ?? null;
      v.alarms = p.alarms ?? [];
      this.touch(v);
    }
  }

  applyPresence(list: readonly Presence[]): void {
    for (const p of list) {
      const v = (p.vehicleId && this.byVehicle.get(p.vehicleId)) || this.byTerminalId(p.terminalId);
      if (!v || v.online === p.online) continue;
      v.online = p.online;
      this.touch(v);
    }
  }

  /** A pushed alarm: red now; a handled one clears the push (the terminal's own bits still count). */
  applyAlarm(a: { vehicleId: number | null; terminalId: string; handled: boolean }): void {
    const v = (a.vehicleId && this.byVehicle.get(a.vehicleId)) || this.byTerminalId(a.terminalId);
    if (!v) return;
    v.alarmUntil = a.handled ? 0 : this.now() + PUSHED_ALARM_MS;
    this.touch(v);
  }

  counts(): StateCounts {
    if (this.countsCache) return this.countsCache;
    const c = emptyCounts();
    for (const v of this.byVehicle.values()) {
      c.total++;
      c[v.state]++;
      if (v.hasPosition) c.located++;
      if (v.serviceExpired) c.expired++;
    }
    return (this.countsCache = c);
  }

  /** Who is in this state now, as a key that changes when membership does (filters follow it without comparing lists). */
  membership(state: VehicleState): string {
    let hash = 2166136261;
    let n = 0;
    for (const v of this.byVehicle.values()) {
      if (v.state !== state) continue;
      n++;
      hash = Math.imul(hash ^ v.vehicleId, 16777619);
    }
    return `${n}:${hash >>> 0}`;
  }

  subscribe(listener: FleetListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces what changed since the last flush (tests and benchmarks call it directly). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.all && this.changed.size === 0) return;
    const changed: ReadonlySet<number> | 'all' = this.all ? 'all' : this.changed;
    this.changed = new Set();
    this.all = false;
    this.lastUpdate = this.now();
    for (const l of this.listeners) l(changed);
  }

  private stateOf(v: FleetVehicle): VehicleState {
    // Its live state is withheld with its position: grey, whatever the terminal last said.
    if (v.serviceExpired) return 'offline';
    return vehicleState({ online: v.online, speed: v.speed, alarming: v.alarms.length > 0 || v.alarmUntil > this.now() });
  }

  private touch(v: FleetVehicle) {
    v.state = this.stateOf(v);
    this.countsCache = null;
    this.changed.add(v.vehicleId);
    this.schedule();
  }

  private markAll() {
    this.countsCache = null;
    this.all = true;
    this.schedule();
  }

  private schedule() {
    this.timer ??= setTimeout(() => this.flush(), this.flushDelayMs);
  }
}
