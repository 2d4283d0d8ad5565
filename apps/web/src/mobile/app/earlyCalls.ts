// not call(monitorEndpoints.lastPositions): the table would ride in the login page's first load
// (earlyCalls.test.ts holds the path and the query to the table's)
// eslint-disable-next-line no-restricted-imports
import { get } from '../../shared/request/helpers.ts';
import { takeEarlyAnswersFrom, type EarlyAnswer } from '../../shared/request/http.ts';
import { storage } from '../../shared/storage/storage.ts';
import { BOOT_ANSWERS, LANDING_KEY } from './bootCalls.ts';

/**
 * A stored session's page data, asked for together with the session's own calls instead of after
 * them (one round trip less, ~0.6 s on slow 4G): 车队's last positions, when the app opens on
 * 车队 — its path, or the app's start when the last session landed there (the operator's first tab).
 * The path is monitorEndpoints.lastPositions' (earlyCalls.test.ts); the entry cannot import the
 * contract's table without loading it on the login page.
 */
export const FLEET_PATH = '/car/v4/api/monitor/lastPositions.json';
export const FLEET_QUERY = { limit: 10_000 };

let fleet: Promise<unknown> | null = null;

/** Where the app lands after a start at /: remembered when a session opens. */
export function rememberLanding(path: string | undefined): void {
  try {
    if (path) localStorage.setItem(LANDING_KEY, path);
    else localStorage.removeItem(LANDING_KEY);
  } catch {
    /* storage refused: no early call next time */
  }
}

function landing(): string | null {
  try {
    return localStorage.getItem(LANDING_KEY);
  } catch {
    return null;
  }
}

/** Whether a start at this path (below /m) opens 车队's list. */
export function opensFleet(pathname: string, landed: string | null = landing()): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/fleet' || (path === '/' && landed === '/fleet');
}

/** At start with a stored session: 车队's call leaves now when the app opens on it. */
export function startEarlyCalls(pathname: string): void {
  if (!opensFleet(pathname)) return;
  fleet = get(FLEET_PATH, FLEET_QUERY, { silent: true });
  fleet.catch(() => undefined); // taken later, or never (another user's session opened)
}

/** The early 车队 answer (once), or null: the caller asks itself. */
export function takeEarlyFleet<T>(): Promise<T> | null {
  const taken = fleet;
  fleet = null;
  return taken as Promise<T> | null;
}

declare global {
  interface Window {
    /** the session the boot script asked with, and its answers by address */
    [BOOT_ANSWERS]?: { session: string; calls: Record<string, Promise<EarlyAnswer | null> | undefined> };
  }
}

/**
 * The boot script's answers (bootCalls.ts, asked for while the entry's files were still coming)
 * taken by the request layer: a GET to the same address uses the answer, once, and goes through the
 * same interpretation as any other (a 4010 is an expired session); a failed one, or one not 200,
 * is asked again. Only while the session is the one the boot script asked with.
 */
export function takeBootAnswers(): void {
  const boot = window[BOOT_ANSWERS];
  if (!boot) return;
  const answers = boot.calls;
  takeEarlyAnswersFrom((url) => {
    // only for the session they were asked with (not after an expired one's login)
    if (storage.getSessionId() !== boot.session) return undefined;
    const answer = answers[url];
    delete answers[url];
    return answer;
  });
}
