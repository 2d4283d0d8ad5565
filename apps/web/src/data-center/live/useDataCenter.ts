import { useCallback, useEffect, useRef, useState } from 'react';
import { dataCenterEndpoints, type Alarm, type DataCenterOverview } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useLoaded } from '../../shared/list/useLoaded.ts';
import { LiveFeed, type LiveStatus } from '../../shared/live/liveFeed.ts';
import { RefreshScheduler } from './refreshScheduler.ts';

/** Fetches start at least this far apart, whatever the feed brings. */
const MIN_GAP_MS = 2_000;
/** An alarm or a vehicle going on/offline shows within this (plus the fetch). */
const NEWS_DELAY_MS = 300;
/** Positions move the moving/parked counts: a stream of them refreshes this often. */
const POSITIONS_DELAY_MS = 10_000;
/** The rollups' figures (trends, ranking) change without news on the feed. */
const PERIODIC_MS = 60_000;
/** The newest alarms the screen lists. */
const RECENT_ALARMS = 30;

export interface DataCenterState {
  data: DataCenterOverview | null;
  failed: boolean;
  liveStatus: LiveStatus;
  /** newest first, as the live feed pushed them since the page opened */
  recentAlarms: Alarm[];
  reload(): void;
}

/**
 * The data centre's figures, aggregated by the server and fetched again when the live feed says
 * something changed (never more than once per MIN_GAP_MS), so the page follows the fleet
 * without a reload and without redrawing for every position of a large fleet.
 */
export function useDataCenter(which: 'overview' | 'screen'): DataCenterState {
  // The scheduler, not the hook, decides when to fetch (the first time too); the hook keeps the newest answer.
  const load = useCallback((_: null, quiet: boolean) => call(dataCenterEndpoints[which], undefined, { silent: quiet }), [which]);
  const { data, error, reload } = useLoaded<null, DataCenterOverview>(load, null, { enabled: false });
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('closed');
  const [recentAlarms, setRecentAlarms] = useState<Alarm[]>([]);
  const scheduler = useRef<RefreshScheduler | null>(null);

  useEffect(() => {
    let first = true;
    const refresh = new RefreshScheduler(() => {
      // The first load may say why it failed; the refreshes after it stay quiet.
      const quiet = !first;
      first = false;
      return reload(quiet);
    }, MIN_GAP_MS);
    scheduler.current = refresh;
    refresh.request(0);
    const live = new LiveFeed();
    const offEvents = live.on((events) => {
      let delay = Infinity;
      const alarms: Alarm[] = [];
      for (const e of events) {
        if (e.kind === 'alarm') alarms.push(e.data);
        delay = Math.min(delay, e.kind === 'pos' ? POSITIONS_DELAY_MS : NEWS_DELAY_MS);
      }
      if (alarms.length) setRecentAlarms((list) => [...alarms.reverse(), ...list].slice(0, RECENT_ALARMS));
      if (delay !== Infinity) refresh.request(delay);
    });
    const offStatus = live.onStatus(setLiveStatus);
    live.start();
    const periodic = window.setInterval(() => refresh.request(0), PERIODIC_MS);
    return () => {
      offEvents();
      offStatus();
      live.stop();
      window.clearInterval(periodic);
      refresh.stop();
    };
  }, [reload, which]);

  return { data, failed: error !== null, liveStatus, recentAlarms, reload: () => scheduler.current?.request(0) };
}
