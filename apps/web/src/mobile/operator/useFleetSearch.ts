import { monitorEndpoints, type LastPosition } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useLoaded } from '../../shared/list/useLoaded.ts';
import { useSettled } from '../../shared/list/useSettled.ts';
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
interface Asked {
  keyword: string;
  filter: OnlineFilter;
}
/** The server's answer with the words and tab it answers, so the page never shows one for others. */
type Found = Asked & { answer: Answer };

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

/** The search for what is asked; silent (a failure leaves the page filtering what it holds). */
const searchFleet = async ({ keyword, filter }: Asked): Promise<Found> => {
  const online = filter === 'all' ? undefined : filter === 'online';
  const answer = await call(monitorEndpoints.fleetSearch, { keyword, online, current: 1, pageSize: LIST_LIMIT }, { silent: true });
  return { keyword, filter, answer };
};

/** The answer when it is for these words and this tab, else null (one for other words, or none yet). */
export function answerFor(found: Found | null, asked: Asked): Answer | null {
  return asked.keyword && found?.keyword === asked.keyword && found.filter === asked.filter ? found.answer : null;
}

/**
 * 车队's search box on the server (`fleetSearch`: plate, name, terminal number or driver, the
 * caller's fleet only), so a fleet larger than what the phone loaded is searched whole. Null while
 * nothing is typed, and until the words typed are answered (the page filters what it holds meanwhile).
 * The shared loader keeps only the newest search's answer; the words settle first (useSettled).
 */
export function useFleetSearch(query: string, filter: OnlineFilter, live: ReadonlyMap<string, LastPosition>): FleetFound | null {
  const asked = { keyword: query.trim(), filter };
  const settled = useSettled(asked, SEARCH_DELAY_MS);
  const search = useLoaded(searchFleet, settled, { enabled: settled.keyword !== '', silent: true });
  const answer = answerFor(search.data, asked);
  return answer && foundWithLive(answer, live);
}
