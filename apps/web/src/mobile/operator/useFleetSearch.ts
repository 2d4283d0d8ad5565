import { useEffect, useState } from 'react';
import { monitorEndpoints, type LastPosition } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { LIST_LIMIT, type OnlineFilter } from './fleetView.ts';

/** What 车队's list shows: its rows (at most LIST_LIMIT), how many match, and the tabs' counts. */
export interface FleetFound {
  rows: LastPosition[];
  total: number;
  counts: Record<OnlineFilter, number>;
}

/** Typing settles this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

type Answer = { total: number; list: LastPosition[]; online: number; offline: number };

/** The server's page of matches with the live feed's newer positions laid over its rows. */
export function foundWithLive(answer: Answer, live: ReadonlyMap<string, LastPosition>): FleetFound {
  return {
    rows: answer.list.map((p) => {
      const now = live.get(p.terminalId);
      return now && now.gpsTime >= p.gpsTime ? now : p;
    }),
    total: answer.total,
    counts: { all: answer.online + answer.offline, online: answer.online, offline: answer.offline },
  };
}

/**
 * 车队's search box on the server (`fleetSearch`: plate, name, terminal number or driver, the
 * caller's fleet only), so a fleet larger than what the phone loaded is searched whole. Null while
 * nothing is typed, and until the words typed are answered (the page filters what it holds meanwhile).
 */
export function useFleetSearch(query: string, filter: OnlineFilter, live: ReadonlyMap<string, LastPosition>): FleetFound | null {
  const keyword = query.trim();
  const asked = `${filter}|${keyword}`;
  const [answer, setAnswer] = useState<{ asked: string; answer: Answer } | null>(null);
  useEffect(() => {
    if (!keyword) return;
    let current = true;
    const timer = setTimeout(() => {
      call(
        monitorEndpoints.fleetSearch,
        { keyword, online: filter === 'all' ? undefined : filter === 'online', current: 1, pageSize: LIST_LIMIT },
        { silent: true },
      )
        .then((a) => current && setAnswer({ asked, answer: a }))
        .catch(() => undefined); // the page keeps filtering what it holds
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [asked, keyword, filter]);
  return keyword && answer?.asked === asked ? foundWithLive(answer.answer, live) : null;
}
