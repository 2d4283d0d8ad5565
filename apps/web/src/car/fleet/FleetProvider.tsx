import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useCustomerAccountId } from './useCustomerAccount.ts';
import { groupEndpoints, type GroupNode } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useLoaded } from '../../shared/list/useLoaded.ts';
import { LiveFeed, productLiveUrl, type LiveStatus } from '../../shared/live/liveFeed.ts';
import { VehicleSourceContext, type VehicleSource } from '../../shared/vehicle/vehicleSource.ts';
import { FleetStore } from './fleetStore.ts';
import { FleetTicker } from './fleetTicker.ts';
import { loadAllPositions, loadAllVehicles } from './fleetLoader.ts';

export interface Fleet {
  store: FleetStore;
  /** the store's changes at most once a second, for what people read (counts, rows, labels) */
  ticker: FleetTicker;
  live: LiveFeed;
  groups: GroupNode[];
  loading: boolean;
  liveStatus: LiveStatus;
  reload(): void;
}

const FleetContext = createContext<Fleet | null>(null);

/** The fleet as the shared vehicle views (dialog panel, follow view, alarm handling) read it. */
function vehicleSourceOf({ store, ticker, live }: Pick<Fleet, 'store' | 'ticker' | 'live'>): VehicleSource {
  return {
    get: (vehicleId) => store.get(vehicleId),
    subscribe: (listener) => ticker.subscribe(listener),
    alarmsHandled: (alarms, note) =>
      live.emit(alarms.map((a) => ({ kind: 'alarm' as const, data: { ...a, handled: true, handleNote: note } }))),
  };
}

function Provide({ fleet, source, children }: { fleet: Fleet; source: VehicleSource; children: ReactNode }) {
  return (
    <FleetContext.Provider value={fleet}>
      <VehicleSourceContext.Provider value={source}>{children}</VehicleSourceContext.Provider>
    </FleetContext.Provider>
  );
}

const NO_GROUPS: GroupNode[] = [];

/** Vehicles and groups together (a failed tree is none), then the positions of the vehicles now listed. */
async function loadFleet(accountId: number | undefined) {
  const [vehicles, groups] = await Promise.all([loadAllVehicles(accountId), call(groupEndpoints.tree, { accountId }).catch(() => [])]);
  return { vehicles, groups, positions: await loadAllPositions() };
}

/** While the live feed is down, positions are fetched this often instead. */
const POLL_MS = 10_000;

/**
 * The fleet for every car page: vehicles of the customer picked in the shell's group selector,
 * their last positions, then the live feed (or polling while it is down).
 */
export function FleetProvider({ children }: { children: ReactNode }) {
  const accountId = useCustomerAccountId();
  const store = useMemo(() => new FleetStore(), []);
  const ticker = useMemo(() => new FleetTicker(store), [store]);
  const live = useMemo(() => new LiveFeed(() => productLiveUrl('car')), []);
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('closed');

  // The customer's vehicles, group tree and last positions; only the newest customer's answer is kept.
  const { data, loading, reload } = useLoaded(loadFleet, accountId);
  // into the store before the first paint that says the fleet has loaded
  useLayoutEffect(() => {
    if (!data) return;
    store.setVehicles(data.vehicles);
    store.applyPositions(data.positions);
    store.flush();
  }, [store, data]);
  const groups = data?.groups ?? NO_GROUPS;
  const reloadFleet = useCallback(() => void reload(), [reload]);

  useEffect(() => {
    const offEvents = live.on((events) => {
      for (const e of events) {
        if (e.kind === 'pos') store.applyPositions([e.data]);
        else if (e.kind === 'presence') store.applyPresence([e.data]);
        else store.applyAlarm(e.data);
      }
    });
    const offStatus = live.onStatus(setLiveStatus);
    live.start();
    const poll = window.setInterval(() => {
      if (live.status !== 'open')
        void loadAllPositions()
          .then((list) => store.applyPositions(list))
          .catch(() => undefined);
    }, POLL_MS);
    return () => {
      offEvents();
      offStatus();
      live.stop();
      window.clearInterval(poll);
    };
  }, [store, live]);

  const value = useMemo<Fleet>(
    () => ({ store, ticker, live, groups, loading, liveStatus, reload: reloadFleet }),
    [store, ticker, live, groups, loading, liveStatus, reloadFleet],
  );
  const source = useMemo(() => vehicleSourceOf({ store, ticker, live }), [store, ticker, live]);
  return (
    <Provide fleet={value} source={source}>
      {children}
    </Provide>
  );
}

/** This fleet for a view React mounts outside the provider (the vehicle dialog, which the child app's root renders). */
export function FleetScope({ fleet, children }: { fleet: Fleet; children: ReactNode }) {
  const { store, ticker, live } = fleet;
  const source = useMemo(() => vehicleSourceOf({ store, ticker, live }), [store, ticker, live]);
  return (
    <Provide fleet={fleet} source={source}>
      {children}
    </Provide>
  );
}

export function useFleet(): Fleet {
  const fleet = useContext(FleetContext);
  if (!fleet) throw new Error('useFleet outside FleetProvider');
  return fleet;
}
