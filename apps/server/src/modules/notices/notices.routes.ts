import type { FastifyInstance } from 'fastify';
import { noticeEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { auditChange } from '../../http/auditHook.ts';
import { caller } from '../../http/auth.hook.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { NoticeService, presentPublication } from './notices.service.ts';

/** 系统管理 › 内容发布 (menu 12006): publish station messages and announcements to the caller's subtree. */
export const noticesRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const notices = new NoticeService(ctx.db);

  route(app, noticeEndpoints.list, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await notices.page(caller(request), { type: query.type, ...win.sql });
    return pageAnswer(win, total, rows.map(presentPublication));
  });
  route(app, noticeEndpoints.publish, async (input, request) => {
    const published = await notices.publish(caller(request), input);
    auditChange(request, {
      objectType: '站内信/公告',
      objectId: published.id,
      after: { type: input.type, title: input.title, accountIds: input.accountIds },
    });
    return published;
  });
  route(app, noticeEndpoints.withdraw, async ({ id }, request) => {
    auditChange(request, { objectType: '站内信/公告', objectId: id });
    return { id: await notices.withdraw(caller(request), id) };
  });
};
