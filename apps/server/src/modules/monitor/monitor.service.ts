import { TERMINAL_ERRORS, kindsOf } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { containsPattern } from '../../db/likeText.ts';
import { monitorQueries, type LatestRow } from './monitor.queries.ts';

/**
 * Latest positions of terminals whose service has not expired (docs/decisions.md). Asked for
 * by name, expired ones are left out; when every named one is expired the answer is the
 * serviceExpired refusal, so a page showing one terminal can say why. The whole fleet (no names)
 * is 智能车联's: the assets of its kinds (docs/asset-kinds.md).
 */
export async function livePositions(
  q: Queryable,
  user: SessionUser,
  keys: string[] | null,
  limit: number,
  offset: number,
): Promise<LatestRow[]> {
  const rows = await monitorQueries.latest(q, terminalScope(user), keys, limit, offset, keys ? null : kindsOf('car'));
  const live = rows.filter((r) => !r.service_expired);
  if (keys && rows.length > 0 && live.length === 0) {
    throw new AppError(TERMINAL_ERRORS.serviceExpired, { params: { terminalIds: rows.map((r) => r.identifier).join('、') } });
  }
  return live;
}

/**
 * 车队's search (掌上车联): the caller's fleet in service, of 智能车联's kinds as the whole fleet is,
 * matching the words; spaces typed are ignored (plates are written with and without them).
 */
export async function fleetSearch(
  q: Queryable,
  user: SessionUser,
  f: { keyword?: string; online?: boolean },
  window: { limit: number; offset: number },
) {
  const filter = {
    scope: terminalScope(user),
    keyword: containsPattern(f.keyword?.replace(/\s+/g, '')),
    online: f.online ?? null,
    kinds: kindsOf('car'),
  };
  const [page, counts] = await Promise.all([monitorQueries.searchPage(q, filter, window), monitorQueries.searchCounts(q, filter)]);
  return { total: page.total, rows: page.rows, counts };
}
