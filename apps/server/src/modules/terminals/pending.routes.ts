import type { FastifyInstance } from 'fastify';
import { pendingTerminalEndpoints, PENDING_TERMINAL_ERRORS, type PendingTerminal } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError } from '../../http/errors.ts';
import { splitList } from '../../http/listInput.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { identifierKey, isProtocol, PROTOCOL_NAMES_ZH } from '../../core/identifiers.ts';
import { containsPattern } from '../../db/likeText.ts';
import { pendingQueries, type PendingRow } from './pending.queries.ts';

const present = (r: PendingRow): PendingTerminal => ({
  terminalId: r.identifier,
  protocol: r.protocol,
  protocolName: isProtocol(r.protocol) ? PROTOCOL_NAMES_ZH[r.protocol] : r.protocol,
  address: r.address,
  firstSeenAt: r.first_seen_at.getTime(),
  lastSeenAt: r.last_seen_at.getTime(),
  attempts: r.attempts,
  frames: r.frames,
  blocked: r.blocked,
});

/**
 * 待接入终端: unknown terminals wait here unless auto-registration is on (docs/security.md). They
 * belong to no account yet, so only the platform administrator handles them.
 */
export function pendingRoutes(ctx: AppContext, app: FastifyInstance) {
  const platformOnly = (request: Parameters<typeof caller>[0]) => {
    if (caller(request).isPlatformAdmin) return;
    // The ids a refused caller named are nobody's it may see: the operation log keeps them in the input only.
    auditChange(request, { objectId: '' });
    throw new AppError(PENDING_TERMINAL_ERRORS.platformOnly);
  };
  const keysOf = (ids: string) => [...new Set(splitList(ids, 1000).map(identifierKey))];

  route(app, pendingTerminalEndpoints.list, async (query, request) => {
    platformOnly(request);
    const win = pageWindow(query);
    const { total, rows } = await pendingQueries.page(
      ctx.db,
      { keyword: containsPattern(query.keyword), blocked: query.blocked ?? null },
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, rows.map(present));
  });

  route(app, pendingTerminalEndpoints.adopt, async (body, request) => {
    platformOnly(request);
    const adopted = await pendingQueries.adopt(ctx.db, keysOf(body.terminalIds));
    if (!adopted.length) throw new AppError(PENDING_TERMINAL_ERRORS.notFound);
    auditChange(request, {
      objectId: adopted
        .map((a) => a.identifier)
        .join(',')
        .slice(0, 200),
    });
    return { adopted: adopted.length };
  });

  route(app, pendingTerminalEndpoints.block, async (body, request) => {
    platformOnly(request);
    const updated = await pendingQueries.setBlocked(ctx.db, keysOf(body.terminalIds), body.blocked ?? true);
    if (!updated.length) throw new AppError(PENDING_TERMINAL_ERRORS.notFound);
    auditChange(request, {
      objectId: updated
        .map((a) => a.identifier)
        .join(',')
        .slice(0, 200),
    });
    return { updated: updated.length };
  });
}
