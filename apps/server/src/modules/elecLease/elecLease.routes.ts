import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from './operator.routes.ts';
import { fleetRoutes } from './fleet.routes.ts';
import { contractRoutes } from './contracts.routes.ts';
import { moneyRoutes } from './money.routes.ts';
import { riskRoutes } from './risk.routes.ts';
import { riderRoutes } from './rider.routes.ts';
import { riderInviteRoutes } from './riderInvite.routes.ts';

/** 电单车租赁 (platform 23): every endpoint of packages/contracts/src/elecLease.ts and leaseRider.ts. */
export const elecLeaseRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  operatorRoutes(ctx, app);
  fleetRoutes(ctx, app);
  contractRoutes(ctx, app);
  moneyRoutes(ctx, app);
  riskRoutes(ctx, app);
  riderInviteRoutes(ctx, app);
  // 掌上车联's rider (leaseRider.ts) and the payment providers' notifications
  await riderRoutes(ctx, app);
};
