import type { FastifyInstance } from 'fastify';
import { HELP_MESSAGE_ERRORS, helpMessageEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { pageWindow } from '../../http/paging.ts';
import { splitIds } from '../../http/listInput.ts';
import { route } from '../../http/route.ts';
import { fillPlaceholders, platformFacts } from '../assistant/knowledge.ts';
import { presentMessage } from './message.presenter.ts';
import type { MessageRow } from './messages.queries.ts';
import { messagesQueries } from './messages.queries.ts';

/** Station messages and announcements with per-user read state (spec §2 /center/notice, /center/detail). */
export const messagesRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  /** A message as the reader sees it: {{host}}, {{port:…}} and the like filled from this platform's configuration. */
  const present = (row: MessageRow, requestHost: string) => {
    const m = presentMessage(row);
    const facts = platformFacts(ctx.config, requestHost);
    return { ...m, content: fillPlaceholders(m.content, facts), ...(m.html ? { html: fillPlaceholders(m.html, facts) } : {}) };
  };

  route(app, helpMessageEndpoints.page, async (query, request) => {
    const user = caller(request);
    const win = pageWindow(query);
    const { total, unread, rows } = await messagesQueries.page(ctx.db, {
      userId: user.userId,
      accountPath: user.accountPath,
      type: query.type,
      read: query.read,
      ...win.sql,
    });
    return { total, current: win.current, pageSize: win.pageSize, unread, list: rows.map((r) => present(r, request.hostname)) };
  });

  route(app, helpMessageEndpoints.one, async ({ id }, request) => {
    const user = caller(request);
    const row = await messagesQueries.one(ctx.db, user.userId, user.accountPath, id);
    if (!row) throw new AppError(HELP_MESSAGE_ERRORS.notFound);
    return present(row, request.hostname);
  });

  route(app, helpMessageEndpoints.markRead, async (body, request) => {
    const user = caller(request);
    if (!body.all && body.id === undefined) throw new AppError(HELP_MESSAGE_ERRORS.noneSelected);
    const ids = body.all ? 'all' : splitIds(String(body.id), 'id', 500);
    return { updated: await messagesQueries.markRead(ctx.db, user.userId, user.accountPath, ids) };
  });
};
