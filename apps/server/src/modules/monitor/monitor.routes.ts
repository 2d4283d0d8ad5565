import type { FastifyInstance } from 'fastify';
import { MAX_LAST_POSITIONS, monitorEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { splitList } from '../../http/listInput.ts';
import { route } from '../../http/route.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { latestToPosition } from './latestPosition.presenter.ts';
import { fleetSearch, livePositions } from './monitor.service.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';

/** Current positions of the fleet (the live feed is live/; the track is playback's). */
export const monitorRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, monitorEndpoints.lastPositions, async (query, request) => {
    const ids = splitList(query.terminalIds, MAX_LAST_POSITIONS);
    const keys = ids.length ? ids.map(identifierKey) : null;
    const limit = keys ? MAX_LAST_POSITIONS : (query.limit ?? 2000);
    const rows = await livePositions(ctx.db, caller(request), keys, limit, keys ? 0 : (query.offset ?? 0));
    return rows.map(latestToPosition);
  });

  route(app, monitorEndpoints.fleetSearch, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows, counts } = await fleetSearch(ctx.db, caller(request), query, win.sql);
    return { ...pageAnswer(win, total, rows.map(latestToPosition)), ...counts };
  });
};
