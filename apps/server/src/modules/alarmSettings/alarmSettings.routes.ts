import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { PUSH_CHANNELS } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { caller } from '../../http/auth.hook.ts';
import { alarmSettings } from './alarmSettings.service.ts';
import { permission } from '../../core/permissions.ts';

const AlarmType = Type.String({ maxLength: 40, pattern: '^[A-Za-z]+$' });
const ControlItem = Type.Object({ alarmType: AlarmType, enabled: Type.Boolean(), sound: Type.Boolean(), popup: Type.Boolean() });
const Channel = Type.Union(PUSH_CHANNELS.map((c) => Type.Literal(c)));
const PushItem = Type.Object({
  alarmType: AlarmType,
  enabled: Type.Boolean(),
  channels: Type.Array(Channel, { maxItems: PUSH_CHANNELS.length }),
  quietStart: Type.Optional(Type.String({ maxLength: 5 })),
  quietEnd: Type.Optional(Type.String({ maxLength: 5 })),
});
// JSON { items: [...] } for the whole table, or one row as form fields.
const ControlBody = Type.Union([Type.Object({ items: Type.Array(ControlItem, { maxItems: 100 }) }), ControlItem]);
const PushBody = Type.Union([Type.Object({ items: Type.Array(PushItem, { maxItems: 100 }) }), PushItem]);

const ControlOut = Type.Array(Type.Object({ alarmType: Type.String(), alarmName: Type.String(), enabled: Type.Boolean(), sound: Type.Boolean(), popup: Type.Boolean() }));
const PushOut = Type.Array(Type.Object({
  alarmType: Type.String(), alarmName: Type.String(), enabled: Type.Boolean(), channels: Type.Array(Type.String()), quietStart: Type.String(), quietEnd: Type.String(),
}));

function itemsOf<T>(body: { items: T[] } | T): T[] {
  return typeof body === 'object' && body !== null && 'items' in body ? (body as { items: T[] }).items : [body as T];
}

/** Alarm settings and push settings of the caller's account (spec §2 /center/alarmSetting, /center/alarmPush). */
export const alarmSettingsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const control = { permission: permission('center:alarmSetting') };
  const push = { permission: permission('center:alarmPush') };
  app.get('/car/v4/api/alarm/control/listAlarmControlInfo.json', { config: control, schema: { response: { 200: ControlOut } } }, async (request) =>
    alarmSettings.controls(ctx.db, caller(request).accountId),
  );
  app.post('/car/v4/api/alarm/control/configAlarmControl.json', { config: control, schema: { body: ControlBody, response: { 200: ControlOut } } }, async (request) => {
    const { accountId } = caller(request);
    const saved = await ctx.db.tx((q) => alarmSettings.saveControls(q, accountId, itemsOf(request.body as Static<typeof ControlBody>)));
    ctx.bus.publish(subjects.alarmControlsChanged(accountId), {});
    return saved;
  });
  app.get('/car/v4/api/alarm/push/listAlarmPushInfo.json', { config: push, schema: { response: { 200: PushOut } } }, async (request) =>
    alarmSettings.pushes(ctx.db, caller(request).accountId),
  );
  app.post('/car/v4/api/alarm/push/configAlarmPush.json', { config: push, schema: { body: PushBody, response: { 200: PushOut } } }, async (request) =>
    ctx.db.tx((q) =>
      alarmSettings.savePushes(q, caller(request).accountId, itemsOf(request.body as Static<typeof PushBody>).map((p) => ({ ...p, quietStart: p.quietStart ?? '', quietEnd: p.quietEnd ?? '' }))),
    ),
  );
};
