import type { FastifyInstance } from 'fastify';
import { auditEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';

/** The operation log (系统管理 › 操作日志): what was written through the API, in the caller's subtree. */
export const auditRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, auditEndpoints.list, async (query, request) => ctx.audit.page(caller(request), query));
};
