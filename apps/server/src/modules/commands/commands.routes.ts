import type { FastifyInstance } from 'fastify';
import { commandEndpoints, kindsOf } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { commandsQueries } from '../../core/commandQueue.queries.ts';
import { presentCommand } from './commands.presenter.ts';
import {
  DEFAULT_EXPIRE_MINUTES,
  checkTerminals,
  commandStatusFilter,
  commandTypeOf,
  sendCommands,
  targetTerminals,
  targetsOf,
} from './commands.service.ts';

/** Commands to terminals: check, send (queued for offline ones), and the record of what happened. */
export const commandsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  route(app, commandEndpoints.check, async (input, request) => {
    const type = commandTypeOf(input.commandType);
    return checkTerminals(await targetTerminals(ctx.db, caller(request), targetsOf(input)), type);
  });

  route(app, commandEndpoints.send, async (body, request) => {
    const user = caller(request);
    const type = commandTypeOf(body.commandType);
    const rows = await targetTerminals(ctx.db, user, targetsOf(body));
    return sendCommands(ctx.db, ctx.bus, user, rows, type, body, body.expireMinutes ?? DEFAULT_EXPIRE_MINUTES);
  });

  route(app, commandEndpoints.list, async (query, request) => {
    const win = pageWindow(query);
    const filter = {
      scope: terminalScope(caller(request)),
      terminalKey: query.terminalId ? identifierKey(query.terminalId) : null,
      status: commandStatusFilter(query.status),
      // 智能车联's 下发记录 lists its own kinds' commands (a person's badge or a pet's collar is not a vehicle)
      kinds: query.terminalId ? null : kindsOf('car'),
    };
    const { total, rows } = await commandsQueries.page(ctx.db, filter, win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, rows.map(presentCommand));
  });
};
