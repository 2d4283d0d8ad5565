import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { CommandCheck, CommandCheckForm, CommandListQuery, CommandPage, CommandRecord, CommandSend, CommandSendForm } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { requestOf, responseOf } from '../../http/contract.ts';
import { AppError } from '../../http/errors.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { splitIds, splitList } from '../../http/listInput.ts';
import { epochOrNull } from '../../http/timeInput.ts';
import { permission } from '../../core/permissions.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { COMMAND_NAMES_ZH, COMMAND_STATUS_ZH, COMMAND_TYPES, isCommandType } from './commandCatalog.ts';
import { commandsQueries, type CommandRow } from '../../core/commandQueue.queries.ts';
import { DEFAULT_EXPIRE_MINUTES, checkTerminals, sendCommands, targetTerminals } from './commands.service.ts';

/** A whole fleet in one go: 指令下发's group tick sends every vehicle of the group (10 000 in issue 5's fleet). */
const MAX_TARGETS = 10_000;
const Targets = {
  terminalIds: Type.Optional(Type.String({ maxLength: MAX_TARGETS * 21 })),
  vehicleIds: Type.Optional(Type.String({ maxLength: MAX_TARGETS * 12 })),
  commandType: Type.String({ minLength: 1, maxLength: 20 }),
};
const CheckInput = requestOf<CommandCheckForm>()(Type.Object(Targets));
const SendBody = requestOf<CommandSendForm>()(Type.Object({
  ...Targets,
  seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
  text: Type.Optional(Type.String({ maxLength: 500 })),
  hex: Type.Optional(Type.String({ maxLength: 4096 })),
  messageId: Type.Optional(Type.Integer({ minimum: 0, maximum: 0xffff })),
  expireMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 })),
}));
const ListQuery = requestOf<CommandListQuery>()(
  Type.Intersect([PageQuery, Type.Object({ terminalId: Type.Optional(Type.String({ maxLength: 24 })), status: Type.Optional(Type.String({ maxLength: 16 })) })]),
);

const CheckResult = responseOf<CommandCheck>()(Type.Object({
  total: Type.Integer(), supported: Type.Integer(), online: Type.Integer(),
  list: Type.Array(Type.Object({
    terminalId: Type.String(), vehicleId: Type.Union([Type.Integer(), Type.Null()]), plate: Type.String(), protocol: Type.String(),
    online: Type.Boolean(), supported: Type.Boolean(), canSendNow: Type.Boolean(), reason: Type.String(),
  })),
}));
const SendResult = responseOf<CommandSend>()(Type.Object({
  total: Type.Integer(), sent: Type.Integer(), queued: Type.Integer(), unsupported: Type.Integer(),
  list: Type.Array(Type.Object({ terminalId: Type.String(), plate: Type.String(), commandId: Type.Union([Type.Integer(), Type.Null()]), status: Type.String(), reason: Type.String() })),
}));
const CommandPageSchema = responseOf<CommandPage>()(pageSchema(Type.Object({
  commandId: Type.Integer(), terminalId: Type.String(), plate: Type.String(), type: Type.String(), typeName: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()), status: Type.String(), statusName: Type.String(), userName: Type.String(),
  created: Type.Number(), expiresAt: Type.Number(), sentAt: Type.Union([Type.Number(), Type.Null()]), repliedAt: Type.Union([Type.Number(), Type.Null()]),
  replySuccess: Type.Union([Type.Boolean(), Type.Null()]), replyText: Type.String(),
})));

export const presentCommand = (c: CommandRow): CommandRecord => ({
  commandId: c.id, terminalId: c.identifier, plate: c.plate ?? '', type: c.type, typeName: isCommandType(c.type) ? COMMAND_NAMES_ZH[c.type] : c.type,
  params: c.params, status: c.status, statusName: COMMAND_STATUS_ZH[c.status] ?? c.status, userName: c.user_name ?? '', created: c.created_at.getTime(),
  expiresAt: c.expires_at.getTime(), sentAt: epochOrNull(c.sent_at), repliedAt: epochOrNull(c.replied_at), replySuccess: c.reply_success, replyText: c.reply_text,
});

function commandTypeOf(value: string) {
  if (!isCommandType(value)) throw new AppError('badRequest', `不支持的指令类型：${value}（可选 ${COMMAND_TYPES.join('、')}）`);
  return value;
}

const targetsOf = (input: { terminalIds?: string; vehicleIds?: string }) => ({
  terminalIds: splitList(input.terminalIds, MAX_TARGETS),
  vehicleIds: splitIds(input.vehicleIds, 'vehicleIds', MAX_TARGETS),
});

/** Commands to terminals: check, send (queued for offline ones), and the record of what happened. */
export const commandsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const base = '/car/v1/api/command';
  const check = async (request: FastifyRequest, input: Static<typeof CheckInput>): Promise<CommandCheck> => {
    const type = commandTypeOf(input.commandType);
    return checkTerminals(await targetTerminals(ctx.db, caller(request), targetsOf(input)), type);
  };
  app.get(`${base}/checkCommandDownBatchTer.json`, { schema: { querystring: CheckInput, response: { 200: CheckResult } } }, (request) => check(request, request.query as Static<typeof CheckInput>));
  app.post(`${base}/checkCommandDownBatchTer.json`, { schema: { body: CheckInput, response: { 200: CheckResult } } }, (request) => check(request, request.body as Static<typeof CheckInput>));

  app.post(`${base}/commandDownBatch.json`, { config: { permission: permission('car:command:send') }, schema: { body: SendBody, response: { 200: SendResult } } }, async (request): Promise<CommandSend> => {
    const user = caller(request);
    const body = request.body as Static<typeof SendBody>;
    const type = commandTypeOf(body.commandType);
    const rows = await targetTerminals(ctx.db, user, targetsOf(body));
    return sendCommands(ctx.db, ctx.bus, user, rows, type, body, body.expireMinutes ?? DEFAULT_EXPIRE_MINUTES);
  });

  app.get(`${base}/listCommand.json`, { schema: { querystring: ListQuery, response: { 200: CommandPageSchema } } }, async (request): Promise<CommandPage> => {
    const query = request.query as Static<typeof ListQuery>;
    const win = pageWindow(query);
    const filter = { scope: terminalScope(caller(request)), terminalKey: query.terminalId ? identifierKey(query.terminalId) : null, status: query.status || null };
    const { total, rows } = await commandsQueries.page(ctx.db, filter, win.sql.limit, win.sql.offset);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentCommand) };
  });
};
