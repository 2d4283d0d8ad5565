import type { FastifyInstance } from 'fastify';
import { accountEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { presentAccount, presentAdminUser, presentRole } from './admin.presenter.ts';
import { AdminService } from './admin.service.ts';

/** System management (platform 12): accounts, users and roles of the caller's subtree. */
export const adminRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const admin = new AdminService(ctx);

  route(app, accountEndpoints.accountList, async (_input, request) => {
    const user = caller(request);
    const rootDepth = user.accountPath.split('/').length - 2;
    return (await admin.accounts(user)).map((a) => presentAccount(a, rootDepth));
  });
  route(app, accountEndpoints.accountAdd, async (input, request) => ({ id: await admin.addAccount(caller(request), input) }));
  route(app, accountEndpoints.accountUpdate, async (input, request) => ({ id: await admin.updateAccount(caller(request), input) }));
  route(app, accountEndpoints.accountDelete, async (input, request) => ({ id: await admin.deleteAccount(caller(request), input.id) }));

  route(app, accountEndpoints.userList, async (query, request) => {
    const { total, current, pageSize, rows } = await admin.users(caller(request), query);
    return { total, current, pageSize, list: rows.map(presentAdminUser) };
  });
  route(app, accountEndpoints.userAdd, async (input, request) => ({ id: await admin.addUser(caller(request), input) }));
  route(app, accountEndpoints.userUpdate, async (input, request) => ({ id: await admin.updateUser(caller(request), input) }));
  route(app, accountEndpoints.userResetPassword, async (input, request) => ({
    id: await admin.resetPassword(caller(request), input.id, input.password),
  }));

  route(app, accountEndpoints.roleList, async (query, request) => {
    const user = caller(request);
    return (await admin.roles(user, query.accountId ?? null)).map((r) => presentRole(r, user));
  });
  route(app, accountEndpoints.roleSave, async (input, request) => ({ id: await admin.saveRole(caller(request), input) }));
};
