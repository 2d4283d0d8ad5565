import type { FastifyInstance } from 'fastify';
import { LOW_BATTERY_PERCENT, productHomeEndpoints, type BikeHome } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { bikesQueries } from './bikes.queries.ts';
import { presentStatus } from './bikes.presenter.ts';

/** Bikes read per query while counting: 我的车辆's own query, a page at a time. */
const CHUNK = 500;

/**
 * 电单车卫士's home figures: every bike 我的车辆 lists (bikesQueries.page, unfiltered), each with the
 * status 车辆监控's card shows (presentStatus: online, armed, battery, power cut).
 */
export async function bikesHome(q: Queryable, user: SessionUser, now = Date.now()): Promise<BikeHome> {
  const scope = terminalScope(user);
  const home: BikeHome = { bikes: 0, online: 0, armed: 0, lowBattery: 0, powerCut: 0 };
  for (let offset = 0; ; offset += CHUNK) {
    const { total, rows } = await bikesQueries.page(q, scope, null, CHUNK, offset);
    home.bikes = total;
    for (const row of rows) {
      const s = presentStatus(row, now);
      if (s.online) home.online++;
      if (s.armed === true) home.armed++;
      if (s.powerCut === true) home.powerCut++;
      if (s.batteryPercent !== null && s.batteryPercent < LOW_BATTERY_PERCENT) home.lowBattery++;
    }
    if (rows.length < CHUNK || offset + CHUNK >= total) return home;
  }
}

export const bikesHomeRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, productHomeEndpoints.elecCar, async (_input, request) => bikesHome(ctx.db, caller(request)));
};
