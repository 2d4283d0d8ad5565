import type { FastifyInstance } from 'fastify';
import { brandingEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { brandingOf } from './branding.service.ts';

/** Branding per host name (spec §2, §4): a host row, else the default (still flag 1). */
export const brandingRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, brandingEndpoints.info, async ({ url }, request) => brandingOf(ctx.db, url ?? request.hostname ?? ''));
};
