import { useEffect, useSyncExternalStore } from 'react';
import { monitorEndpoints, type Alarm, type LastPosition } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { LiveFeed, productLiveUrl, type LiveStatus } from '../../shared/live/liveFeed.ts';
import type { LiveEvent } from '../../shared/live/liveMessages.ts';
import { takeEarlyFleet } from '../app/earlyCalls.ts';

export interface FleetSnapshot {
  positions: ReadonlyMap<string, LastPosition>;
  status: LiveStatus;
  loaded: boolean;
  failed: boolean;
}

/** Screen updates at most this often, however fast the feed pushes. */
const FLUSH_MS = 1000;

/**
 * The operator's fleet: every visible terminal's latest position, from lastPositions and then the
 * live feed (/ws/live, 智能车联's kinds — what the desktop's 实时监控 shows). Started by the first
 * page that uses it, stopped when the last one leaves.
 */
export class FleetStore {
  private snapshot: FleetSnapshot = { positions: new Map(), status: 'closed', loaded: false, failed: false };
  private readonly listeners = new Set<() => void>();
  private readonly alarmListeners = new Set<(alarms: Alarm[]) => void>();
  private users = 0;
  private feed: LiveFeed | null = null;
  private pending = new Map<string, LastPosition>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly makeFeed: () => LiveFeed = () => new LiveFeed(() => productLiveUrl('car')),
    // the first load may have left at the app's start, with the session's calls (app/earlyCalls.ts)
    private readonly load: () => Promise<LastPosition[]> = () =>
      takeEarlyFleet<LastPosition[]>() ?? call(monitorEndpoints.lastPositions, { limit: 10_000 }, { silent: true }),
  ) {}

  get = (): FleetSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onAlarms(listener: (alarms: Alarm[]) => void): () => void {
    this.alarmListeners.add(listener);
    return () => this.alarmListeners.delete(listener);
  }

  /** A page's hold on the store; the returned function lets go. */
  acquire(): () => void {
    if (this.users++ === 0) this.start();
    return () => {
      if (--this.users === 0) this.stop();
    };
  }

  /**
   * The fleet as the server lists it now: a terminal it no longer lists (handed over, removed, fitted
   * to a person's badge or a pet's collar) leaves the screen; one the feed moved on since keeps its newer place.
   */
  reload(): void {
    this.load()
      .then((list) => {
        const known = this.snapshot.positions;
        const positions = new Map<string, LastPosition>();
        for (const p of list ?? []) {
          const seen = known.get(p.terminalId);
          positions.set(p.terminalId, seen && seen.gpsTime > p.gpsTime ? seen : p);
        }
        this.set({ positions, loaded: true, failed: false });
      })
      .catch(() => this.set({ failed: !this.snapshot.loaded }));
  }

  /** Feed events, as the live feed delivers them (public for tests). */
  receive(events: LiveEvent[]): void {
    const alarms: Alarm[] = [];
    for (const e of events) {
      if (e.kind === 'pos') this.pending.set(e.data.terminalId, e.data);
      else if (e.kind === 'alarm') alarms.push(e.data);
      else if (e.kind === 'presence') {
        const known = this.pending.get(e.data.terminalId) ?? this.snapshot.positions.get(e.data.terminalId);
        if (known) this.pending.set(known.terminalId, { ...known, online: e.data.online });
      }
    }
    if (alarms.length) for (const l of this.alarmListeners) l(alarms);
    if (this.pending.size && !this.timer) this.timer = setTimeout(() => this.flush(), FLUSH_MS);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.size) return;
    const positions = new Map(this.snapshot.positions);
    for (const [id, p] of this.pending) positions.set(id, p);
    this.pending = new Map();
    this.set({ positions, loaded: true });
  }

  private start() {
    this.reload();
    this.feed = this.makeFeed();
    this.feed.on((events) => this.receive(events));
    this.feed.onStatus((status) => this.set({ status }));
    this.feed.start();
  }

  private stop() {
    this.feed?.stop();
    this.feed = null;
    this.flush();
  }

  private set(patch: Partial<FleetSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of this.listeners) l();
  }
}

export const fleetStore = new FleetStore();

/** The fleet while the calling page is shown. */
export function useFleet(store: FleetStore = fleetStore): FleetSnapshot {
  useEffect(() => store.acquire(), [store]);
  return useSyncExternalStore(store.subscribe, store.get);
}
