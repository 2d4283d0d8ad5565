import type { FastifyInstance } from 'fastify';
import { accountEndpoints, COMMON_ERRORS } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { accountsQueries } from './accounts.queries.ts';
import { adminQueries } from './admin.queries.ts';
import { accountTree } from './accountTree.ts';
import { platformsFor, resourceList, resourceTree } from './resources.service.ts';
import { presentUser } from './user.presenter.ts';

/** The caller's user, resource tree and platforms (spec §3, §6, §7). */
export const accountsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, accountEndpoints.currentUser, async (_input, request) => {
    const row = await accountsQueries.userInfo(ctx.db, caller(request).userId);
    if (!row) throw new AppError(COMMON_ERRORS.sessionExpired);
    return presentUser(row);
  });

  route(app, accountEndpoints.customerTree, async (_input, request) =>
    accountTree(await adminQueries.accountsInScope(ctx.db, caller(request).accountPath)),
  );

  route(app, accountEndpoints.resourceTree, async (_input, request) => resourceTree(ctx.db, caller(request)));

  route(app, accountEndpoints.resourceList, async (_input, request) => resourceList(ctx.db, caller(request)));

  route(app, accountEndpoints.platforms, async (input, request) => {
    const user = caller(request);
    // Only the caller's own role: another role's platforms are not the caller's business.
    if (input.roleId !== undefined && input.roleId !== user.roleId) throw new AppError(COMMON_ERRORS.notFound);
    return platformsFor(user);
  });
};
