import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Page, Terminal, TerminalListQuery } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { requestOf, responseOf } from '../../http/contract.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError, fail } from '../../http/errors.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { splitList } from '../../http/listInput.ts';
import { TimeParam, parseOptionalTime } from '../../http/timeInput.ts';
import { permission } from '../accounts/permissions.ts';
import { announceChanges, likeText, targetAccount } from './assets.ts';
import { TerminalSchema, presentTerminal } from './assets.presenter.ts';
import { identifierKey } from './identifiers.ts';
import { groupsRoutes } from './groups.routes.ts';
import { importRoutes } from './import.routes.ts';
import { terminalScope } from './terminalScope.ts';
import { terminalsQueries } from './terminals.queries.ts';
import { assignTerminals, claimTerminal, protocolOf, visibleTerminal, visibleTerminals } from './terminals.service.ts';
import { vehiclesRoutes } from './vehicles.routes.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const Identifier = Type.String({ minLength: 1, maxLength: 24 });
const Short = (max: number) => Type.Optional(Type.String({ maxLength: max }));

const ListQuery = requestOf<TerminalListQuery>()(Type.Intersect([
  PageQuery,
  Type.Object({
    keyword: Short(40),
    protocol: Short(16),
    accountId: Type.Optional(Id),
    assigned: Type.Optional(Type.Boolean()),
    online: Type.Optional(Type.Boolean()),
    bound: Type.Optional(Type.Boolean()),
  }),
]));
const TerminalPageSchema = responseOf<Page<Terminal>>()(pageSchema(TerminalSchema));
const DetailQuery = Type.Object({ terminalId: Identifier });
const AddBody = Type.Object({
  terminalId: Identifier, protocol: Type.String({ minLength: 1, maxLength: 16 }), model: Short(40), sim: Short(24),
  accountId: Type.Optional(Id), serviceExpiresAt: Type.Optional(TimeParam), remark: Short(200),
});
const UpdateBody = Type.Object({
  terminalId: Identifier, protocol: Short(16), model: Short(40), sim: Short(24), enabled: Type.Optional(Type.Boolean()),
  serviceExpiresAt: Type.Optional(TimeParam), activatedAt: Type.Optional(TimeParam), remark: Short(200),
});
const IdentifiersBody = Type.Object({ terminalIds: Type.String({ minLength: 1, maxLength: 50_000 }) });
const AssignBody = Type.Object({ terminalIds: Type.String({ minLength: 1, maxLength: 50_000 }), accountId: Id });
const Changed = Type.Object({ updated: Type.Integer() });

/** Terminals (the devices), vehicles and groups, import: the asset side of issue 4. */
export const terminalsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const base = '/car/v4/api/terminal';
  const identifiersOf = (text: string) => {
    const ids = splitList(text, 1000);
    if (ids.length === 0) throw new AppError('badRequest', '请选择设备');
    return ids;
  };

  app.get(`${base}/list.json`, { schema: { querystring: ListQuery, response: { 200: TerminalPageSchema } } }, async (request) => {
    const user = caller(request);
    const query = request.query as Static<typeof ListQuery>;
    const win = pageWindow(query);
    const filter = {
      scope: terminalScope(user), keyword: likeText(query.keyword), protocol: query.protocol ? protocolOf(query.protocol)! : null,
      accountId: query.accountId ?? null, assigned: query.assigned ?? null, online: query.online ?? null, bound: query.bound ?? null,
    };
    const { total, rows } = await terminalsQueries.page(ctx.db, filter, win.sql.limit, win.sql.offset);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentTerminal) };
  });

  app.get(`${base}/detail.json`, { schema: { querystring: DetailQuery, response: { 200: TerminalSchema } } }, async (request) =>
    presentTerminal(await visibleTerminal(ctx.db, caller(request), (request.query as Static<typeof DetailQuery>).terminalId)),
  );

  app.post(`${base}/add.json`, { config: { permission: permission('car:vehicle:add') }, schema: { body: AddBody, response: { 200: TerminalSchema } } }, async (request) => {
    const user = caller(request);
    const body = request.body as Static<typeof AddBody>;
    const serviceExpiresAt = parseOptionalTime(body.serviceExpiresAt, 'serviceExpiresAt');
    const created = await ctx.db.tx(async (q) => {
      const account = await targetAccount(q, user, body.accountId);
      const exists = (await terminalsQueries.anyByKeys(q, [identifierKey(body.terminalId)])).length > 0;
      if (exists) throw fail(`设备号 ${body.terminalId} 已存在`);
      return claimTerminal(q, user, { identifier: body.terminalId, protocol: body.protocol, model: body.model, sim: body.sim, serviceExpiresAt, remark: body.remark }, account.id, null);
    });
    announceChanges(ctx.bus, [created.identifier]);
    return presentTerminal(await visibleTerminal(ctx.db, user, created.identifier));
  });

  app.post(`${base}/update.json`, { config: { permission: permission('car:vehicle:edit') }, schema: { body: UpdateBody, response: { 200: TerminalSchema } } }, async (request) => {
    const user = caller(request);
    const body = request.body as Static<typeof UpdateBody>;
    const terminal = await visibleTerminal(ctx.db, user, body.terminalId);
    await terminalsQueries.update(ctx.db, terminal.id, {
      protocol: body.protocol ? protocolOf(body.protocol) : undefined, model: body.model, sim: body.sim, enabled: body.enabled, remark: body.remark,
      serviceExpiresAt: parseOptionalTime(body.serviceExpiresAt, 'serviceExpiresAt'), activatedAt: parseOptionalTime(body.activatedAt, 'activatedAt'),
    });
    announceChanges(ctx.bus, [terminal.identifier]);
    return presentTerminal(await visibleTerminal(ctx.db, user, terminal.identifier));
  });

  app.post(`${base}/assign.json`, { config: { permission: permission('system:terminal:assign') }, schema: { body: AssignBody, response: { 200: Changed } } }, async (request) => {
    const user = caller(request);
    const body = request.body as Static<typeof AssignBody>;
    const moved = await ctx.db.tx(async (q) => {
      const rows = await visibleTerminals(q, user, identifiersOf(body.terminalIds));
      const account = await targetAccount(q, user, body.accountId);
      return assignTerminals(q, rows, account.id);
    });
    announceChanges(ctx.bus, moved.map((m) => m.identifier));
    return { updated: moved.length };
  });

  // Back to platform stock: only the platform administrator, who alone sees the stock.
  app.post(`${base}/unassign.json`, { config: { permission: permission('system:terminal:assign') }, schema: { body: IdentifiersBody, response: { 200: Changed } } }, async (request) => {
    const user = caller(request);
    if (!user.isPlatformAdmin) throw new AppError('forbidden', '只有平台管理员可以将设备退回平台库存');
    const moved = await ctx.db.tx(async (q) => assignTerminals(q, await visibleTerminals(q, user, identifiersOf((request.body as Static<typeof IdentifiersBody>).terminalIds)), null));
    announceChanges(ctx.bus, moved.map((m) => m.identifier));
    return { updated: moved.length };
  });

  vehiclesRoutes(ctx, app);
  groupsRoutes(ctx, app);
  importRoutes(ctx, app);
};
