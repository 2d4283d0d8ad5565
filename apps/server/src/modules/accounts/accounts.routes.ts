import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { Id } from '../../http/schemas.ts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { ResourceNodeSchema, SubSystemSchema, UserInfoSchema } from './accounts.schemas.ts';
import { accountsQueries } from './accounts.queries.ts';
import { adminQueries } from './admin.queries.ts';
import { accountTree } from './accountTree.ts';
import { platformsFor, resourceList, resourceTree } from './resources.service.ts';
import { presentUser } from './user.presenter.ts';

const ResourceQuery = Type.Object({
  version: Type.Optional(Type.String({ maxLength: 16 })),
  from: Type.Optional(Type.String({ maxLength: 32 })),
});
const RoleQuery = Type.Object({ roleId: Type.Optional(Id()) });

// The account tree for the shell's vehicle-group selector: three levels cover dealer → customer → sub-customer.
function accountNode(depth: number): TSchema {
  return Type.Object({ accountId: Type.Integer(), accountName: Type.String(), children: Type.Array(depth > 1 ? accountNode(depth - 1) : Type.Object({})) });
}
const AccountTreeSchema = Type.Array(accountNode(8));

/** The caller's user, resource tree and platforms (spec §3, §6, §7). */
export const accountsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get('/car/v1/api/user/getUser.json', { schema: { response: { 200: UserInfoSchema } } }, async (request) => {
    const row = await accountsQueries.userInfo(ctx.db, caller(request).userId);
    if (!row) throw new AppError('sessionExpired');
    return presentUser(row);
  });

  app.get('/car/v4/api/account/customerTree.json', { schema: { response: { 200: AccountTreeSchema } } }, async (request) =>
    accountTree(await adminQueries.accountsInScope(ctx.db, caller(request).accountPath)),
  );

  app.get('/car/v1/api/resource/newList.json', { schema: { querystring: ResourceQuery, response: { 200: Type.Array(ResourceNodeSchema) } } }, async (request) =>
    resourceTree(ctx.db, caller(request)),
  );

  app.get('/car/v1/api/resource/list.json', { schema: { querystring: ResourceQuery, response: { 200: Type.Array(ResourceNodeSchema) } } }, async (request) =>
    resourceList(ctx.db, caller(request)),
  );

  app.get('/car/v1/api/platform/getPlatformByRoleId.json', { schema: { querystring: RoleQuery, response: { 200: Type.Array(SubSystemSchema) } } }, async (request) => {
    const user = caller(request);
    const { roleId } = request.query as Static<typeof RoleQuery>;
    // Only the caller's own role: another role's platforms are not the caller's business.
    if (roleId !== undefined && roleId !== user.roleId) throw new AppError('notFound');
    return platformsFor(user);
  });
};
