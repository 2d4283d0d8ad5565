import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { Id } from '../../http/schemas.ts';
import { adminQueries, type AccountRow } from './admin.queries.ts';
import { AdminService } from './admin.service.ts';
import type { Permission } from '../../core/permissions.ts';
import { maskPhone } from './user.presenter.ts';

const AccountOut = Type.Object({
  id: Type.Integer(), parentId: Type.Union([Type.Integer(), Type.Null()]), name: Type.String(), kind: Type.String(),
  contact: Type.String(), phone: Type.String(), enabled: Type.Boolean(), expiresAt: Type.Union([Type.Number(), Type.Null()]),
  created: Type.Number(), depth: Type.Integer(),
});
const AccountBody = Type.Object({
  id: Type.Optional(Id()), parentId: Type.Optional(Id()), name: Type.String({ maxLength: 50 }),
  kind: Type.Optional(Type.String({ maxLength: 20 })), contact: Type.Optional(Type.String({ maxLength: 50 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })), enabled: Type.Optional(Type.Boolean()),
  expiresAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 8.64e15 }), Type.Null()])),
});
const UserQuery = Type.Intersect([PageQuery, Type.Object({ accountId: Type.Optional(Id()), keyword: Type.Optional(Type.String({ maxLength: 50 })) })]);
const UserOut = Type.Object({
  id: Type.Integer(), accountId: Type.Integer(), accountName: Type.String(), roleId: Type.Integer(), roleName: Type.String(),
  username: Type.String(), name: Type.String(), phone: Type.String(), enabled: Type.Boolean(), lastLoginAt: Type.Union([Type.Number(), Type.Null()]),
});
const UserBody = Type.Object({
  id: Type.Optional(Id()), accountId: Id(), roleId: Id(), username: Type.Optional(Type.String({ maxLength: 32 })),
  name: Type.Optional(Type.String({ maxLength: 50 })), phone: Type.Optional(Type.String({ maxLength: 20 })),
  enabled: Type.Optional(Type.Boolean()), password: Type.Optional(Type.String({ maxLength: 1024 })),
});
const ResetBody = Type.Object({ id: Id(), password: Type.String({ maxLength: 1024 }) });
const RoleQuery = Type.Object({ accountId: Type.Optional(Id()) });
const RoleOut = Type.Object({ id: Type.Integer(), accountId: Type.Integer(), name: Type.String(), description: Type.String(), isAdmin: Type.Boolean(), resourceIds: Type.Array(Type.Integer()) });
const RoleBody = Type.Object({
  id: Type.Optional(Id()), accountId: Id(), name: Type.String({ maxLength: 50 }), description: Type.Optional(Type.String({ maxLength: 200 })),
  resourceIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 1000 }),
});
const Saved = Type.Object({ id: Type.Integer() });

function requireId(id: number | undefined): number {
  if (id === undefined) throw new AppError('badRequest', '请求参数错误：id 缺少必填参数');
  return id;
}

function presentAccount(a: AccountRow, rootDepth: number) {
  return {
    id: a.id, parentId: a.parent_id, name: a.name, kind: a.kind, contact: a.contact, phone: a.phone, enabled: a.enabled,
    expiresAt: a.expires_at?.getTime() ?? null, created: a.created_at.getTime(), depth: a.path.split('/').length - 2 - rootDepth,
  };
}

/** System management (platform 12): accounts, users and roles of the caller's subtree. */
export const adminRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const admin = new AdminService(ctx);
  const p = (code: Permission) => ({ permission: code });

  app.get('/car/v4/api/account/list.json', { config: p('system:account'), schema: { response: { 200: Type.Array(AccountOut) } } }, async (request) => {
    const user = caller(request);
    const rootDepth = user.accountPath.split('/').length - 2;
    return (await adminQueries.accountsInScope(ctx.db, user.accountPath)).map((a) => presentAccount(a, rootDepth));
  });
  app.post('/car/v4/api/account/add.json', { config: p('system:account:add'), schema: { body: AccountBody, response: { 200: Saved } } }, async (request) => {
    const { id: _ignored, ...input } = request.body as Static<typeof AccountBody>;
    return { id: await admin.saveAccount(caller(request), input) };
  });
  app.post('/car/v4/api/account/update.json', { config: p('system:account:edit'), schema: { body: AccountBody, response: { 200: Saved } } }, async (request) => {
    const body = request.body as Static<typeof AccountBody>;
    return { id: await admin.saveAccount(caller(request), { ...body, id: requireId(body.id) }) };
  });

  app.get('/car/v4/api/user/list.json', { config: p('system:user'), schema: { querystring: UserQuery, response: { 200: pageSchema(UserOut) } } }, async (request) => {
    const q = request.query as Static<typeof UserQuery>;
    const win = pageWindow(q);
    const { total, rows } = await adminQueries.usersPage(ctx.db, caller(request).accountPath, q.accountId ?? null, q.keyword || null, win.sql.limit, win.sql.offset);
    return {
      total, current: win.current, pageSize: win.pageSize,
      list: rows.map((u) => ({ id: u.id, accountId: u.account_id, accountName: u.account_name, roleId: u.role_id, roleName: u.role_name, username: u.username, name: u.name, phone: maskPhone(u.phone), enabled: u.enabled, lastLoginAt: u.last_login_at?.getTime() ?? null })),
    };
  });
  app.post('/car/v4/api/user/add.json', { config: p('system:user:add'), schema: { body: UserBody, response: { 200: Saved } } }, async (request) => {
    const { id: _ignored, ...input } = request.body as Static<typeof UserBody>;
    return { id: await admin.saveUser(caller(request), input) };
  });
  app.post('/car/v4/api/user/update.json', { config: p('system:user:edit'), schema: { body: UserBody, response: { 200: Saved } } }, async (request) => {
    const body = request.body as Static<typeof UserBody>;
    return { id: await admin.saveUser(caller(request), { ...body, id: requireId(body.id) }) };
  });
  app.post('/car/v4/api/user/resetPassword.json', { config: p('system:user:resetPassword'), schema: { body: ResetBody, response: { 200: Saved } } }, async (request) => {
    const body = request.body as Static<typeof ResetBody>;
    return { id: await admin.resetPassword(caller(request), body.id, body.password) };
  });

  app.get('/car/v4/api/role/list.json', { config: p('system:role'), schema: { querystring: RoleQuery, response: { 200: Type.Array(RoleOut) } } }, async (request) =>
    (await adminQueries.rolesInScope(ctx.db, caller(request).accountPath, (request.query as Static<typeof RoleQuery>).accountId ?? null)).map((r) => ({
      id: r.id, accountId: r.account_id, name: r.name, description: r.description, isAdmin: r.is_admin, resourceIds: r.resource_ids,
    })),
  );
  app.post('/car/v4/api/role/save.json', { config: p('system:role:edit'), schema: { body: RoleBody, response: { 200: Saved } } }, async (request) =>
    ({ id: await admin.saveRole(caller(request), request.body as Static<typeof RoleBody>) }),
  );
};
