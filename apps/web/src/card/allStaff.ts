import { MAX_PAGE_SIZE, cardEndpoints, type Staff } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';

/** The most people the map and pickers load (page by page). */
const STAFF_LIMIT = 20_000;

/**
 * Everyone of the subtree, page after page (a team is often larger than one page), for pickers
 * and the map: `useLoaded(allStaff, null)`. Quiet: a failed picker load is not worth a toast.
 */
export async function allStaff(): Promise<Staff[]> {
  const all: Staff[] = [];
  for (let current = 1; all.length < STAFF_LIMIT; current++) {
    const page = await call(cardEndpoints.staff, { pageSize: MAX_PAGE_SIZE, current }, { silent: true });
    all.push(...page.list);
    if (page.list.length < MAX_PAGE_SIZE || all.length >= page.total) break;
  }
  return all;
}
