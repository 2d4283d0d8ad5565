import type { FastifyInstance } from 'fastify';
import { systemEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { accountStatus, dictionaries, systemInformation } from './system.service.ts';

/** Dictionaries, the caller's account status and the system's information. */
export const systemRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, systemEndpoints.dictionary, async ({ type }) => dictionaries(ctx, type || null));
  route(app, systemEndpoints.accountStatus, async (_input, request) => accountStatus(ctx, caller(request).accountId));
  route(app, systemEndpoints.information, async () => systemInformation(ctx));
};
