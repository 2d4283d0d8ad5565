import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { EXPORT_KINDS } from './exportKinds.ts';
import { presentExport } from './exports.presenter.ts';
import { ExportsService } from './exports.service.ts';

const excel = (reply: FastifyReply, fileName: string) =>
  reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);

/** The download centre: queue an export, list one's own, download one's own files; a small report's file at once. */
export const exportsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const exports = new ExportsService(ctx, EXPORT_KINDS);

  route(app, exportEndpoints.create, async (body, request) => presentExport(await exports.create(caller(request), body)));

  route(app, exportEndpoints.list, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await exports.pageOfUser(caller(request), win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, rows.map(presentExport));
  });

  route(app, exportEndpoints.direct, async (body, request, reply) => {
    const file = await exports.direct(caller(request), body);
    return excel(reply, file.fileName).send(file.content);
  });

  route(app, exportEndpoints.download, async (query, request, reply) => {
    const file = await exports.fileOfUser(caller(request), query.id);
    return excel(reply, file.fileName).header('content-length', file.size).send(file.content);
  });
};
