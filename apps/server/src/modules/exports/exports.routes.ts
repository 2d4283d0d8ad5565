import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { Id } from '../../http/schemas.ts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError, fail } from '../../http/errors.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { exportsQueries, type ExportRow } from './exports.queries.ts';
import { reportDefinition } from './reports.ts';
import { permission } from '../accounts/permissions.ts';

const ExportSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  reportType: Type.String(),
  status: Type.String(),
  created: Type.Number(),
  finished: Type.Union([Type.Number(), Type.Null()]),
  fileName: Type.String(),
  size: Type.Integer(),
  error: Type.String(),
});
const CreateBody = Type.Object({
  reportType: Type.String({ minLength: 1, maxLength: 40 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  params: Type.Optional(Type.String({ maxLength: 10_000 })),
});
const DownloadQuery = Type.Object({ id: Id(), sessionId: Type.Optional(Type.String({ maxLength: 128 })) });

const present = (r: ExportRow) => ({
  id: r.id, name: r.name, reportType: r.report_type, status: r.status, created: r.created_at.getTime(),
  finished: r.finished_at?.getTime() ?? null, fileName: r.file_name, size: r.size, error: r.error,
});

/** The download centre: queue an export, list one's own, download one's own files. */
export const exportsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const base = '/car/v1/accelerate/export';
  const downloads = permission('center:download');

  app.post(`${base}/exportDataReport.json`, { schema: { body: CreateBody, response: { 200: ExportSchema } } }, async (request) => {
    const user = caller(request);
    const body = request.body as Static<typeof CreateBody>;
    const def = reportDefinition(body.reportType);
    if (!def) throw fail('不支持的报表类型');
    let params: object = {};
    if (body.params) {
      try {
        const parsed: unknown = JSON.parse(body.params);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
        params = parsed;
      } catch {
        throw new AppError('badRequest', '报表参数格式错误');
      }
    }
    await def.validate?.(ctx, user, params as Record<string, unknown>);
    const row = await exportsQueries.insert(ctx.db, { userId: user.userId, accountId: user.accountId, name: body.name || def.title, reportType: body.reportType, params });
    return present(row);
  });

  app.get(`${base}/listExportRecord.json`, { config: { permission: downloads }, schema: { querystring: PageQuery, response: { 200: pageSchema(ExportSchema) } } }, async (request) => {
    const win = pageWindow(request.query as Static<typeof PageQuery>);
    const { total, rows } = await exportsQueries.pageOfUser(ctx.db, caller(request).userId, win.sql.limit, win.sql.offset);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(present) };
  });

  app.get(`${base}/download.json`, { config: { raw: true, permission: downloads }, schema: { querystring: DownloadQuery } }, async (request, reply) => {
    const file = await exportsQueries.fileOfUser(ctx.db, (request.query as Static<typeof DownloadQuery>).id, caller(request).userId);
    if (!file) throw new AppError('notFound', '文件不存在或无权下载');
    if (file.status !== 'done' || !file.content) throw fail('文件尚未生成完成，请稍后再试');
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
      .send(Buffer.from(file.content));
  });
};
