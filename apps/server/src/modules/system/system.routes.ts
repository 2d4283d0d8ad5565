import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { systemQueries } from './system.queries.ts';

const DictQuery = Type.Object({ type: Type.Optional(Type.String({ maxLength: 40 })) });
const DictOut = Type.Record(Type.String(), Type.Array(Type.Object({ value: Type.String(), label: Type.String() })));
const StatusOut = Type.Object({
  accountId: Type.Integer(),
  accountName: Type.String(),
  enabled: Type.Boolean(),
  expiresAt: Type.Union([Type.Number(), Type.Null()]),
  expired: Type.Boolean(),
  terminalsTotal: Type.Integer(),
  terminalsExpiringIn30Days: Type.Integer(),
});

/** Dictionaries and the caller's account status. */
export const systemRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get('/car/v4/api/system/dictionary/list.json', { schema: { querystring: DictQuery, response: { 200: DictOut } } }, async (request) => {
    const rows = await systemQueries.dictionary(ctx.db, (request.query as Static<typeof DictQuery>).type ?? null);
    const out: Record<string, Array<{ value: string; label: string }>> = {};
    for (const r of rows) (out[r.type] ??= []).push({ value: r.value, label: r.label });
    return out;
  });

  app.get('/car/v4/api/account/checkStatus.json', { schema: { response: { 200: StatusOut } } }, async (request) => {
    const user = caller(request);
    const account = await systemQueries.account(ctx.db, user.accountId);
    if (!account) throw new AppError('sessionExpired');
    const counts = await systemQueries.terminalCounts(ctx.db, account.path);
    const expiresAt = account.expires_at?.getTime() ?? null;
    return {
      accountId: account.id,
      accountName: account.name,
      enabled: account.enabled,
      expiresAt,
      expired: expiresAt !== null && expiresAt < Date.now(),
      terminalsTotal: counts.total,
      terminalsExpiringIn30Days: counts.expiringSoon,
    };
  });
};
