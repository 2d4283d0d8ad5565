import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { Id } from '../../http/schemas.ts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { messagesQueries, type MessageRow } from './messages.queries.ts';
import { permission } from '../accounts/permissions.ts';

const MessageSchema = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  content: Type.String(),
  created: Type.Number(),
  read: Type.Boolean(),
});

const ListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    type: Type.Optional(Type.Union([Type.Literal('notice'), Type.Literal('announcement')])),
    read: Type.Optional(Type.Boolean()),
  }),
]);
const IdQuery = Type.Object({ id: Id() });
const MarkReadBody = Type.Object({
  id: Type.Optional(Type.Union([Id(), Type.String({ maxLength: 2000, pattern: '^\\d+(,\\d+)*$' })])),
  all: Type.Optional(Type.Boolean()),
});

const present = (m: MessageRow) => ({ id: m.id, type: m.type, title: m.title, content: m.content, created: m.created_at.getTime(), read: m.read });

/** Station messages and announcements with per-user read state (spec §2 /center/notice, /center/detail). */
export const messagesRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const base = '/car/v1/helpCenter/helpMessage';
  const config = { permission: permission('center:notice') };

  app.get(`${base}/pageHelpMessage`, { config, schema: { querystring: ListQuery, response: { 200: pageSchema(MessageSchema, { unread: Type.Integer() }) } } }, async (request) => {
    const user = caller(request);
    const query = request.query as Static<typeof ListQuery>;
    const win = pageWindow(query);
    const { total, unread, rows } = await messagesQueries.page(ctx.db, { userId: user.userId, accountPath: user.accountPath, type: query.type, read: query.read, ...win.sql });
    return { total, current: win.current, pageSize: win.pageSize, unread, list: rows.map(present) };
  });

  app.get(`${base}/getHelpMessage`, { config, schema: { querystring: IdQuery, response: { 200: MessageSchema } } }, async (request) => {
    const user = caller(request);
    const row = await messagesQueries.one(ctx.db, user.userId, user.accountPath, (request.query as Static<typeof IdQuery>).id);
    if (!row) throw new AppError('notFound', '消息不存在或已删除');
    return present(row);
  });

  app.post(`${base}/markRead`, { config, schema: { body: MarkReadBody, response: { 200: Type.Object({ updated: Type.Integer() }) } } }, async (request) => {
    const user = caller(request);
    const body = request.body as Static<typeof MarkReadBody>;
    if (!body.all && body.id === undefined) throw new AppError('badRequest', '请选择要标记为已读的消息');
    const ids = body.all ? 'all' : String(body.id).split(',').map(Number).slice(0, 500);
    return { updated: await messagesQueries.markRead(ctx.db, user.userId, user.accountPath, ids) };
  });
};

