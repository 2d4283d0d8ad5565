/**
 * Alarms (car app, platform 8): real-time (unhandled, last `hours`, default 24, in the types the
 * account keeps on), history, and handling them. Every query answers GET (query) and POST (form) alike.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOfChecked, OneOfKeys, PageQuery, TimeParam, pageOf } from './schemas.ts';
import { ALARM_NAMES_ZH, ALARM_TYPES } from '@chelian/protocols/alarms.ts';

/** An alarm's type: a key of the platform's one catalogue of alarms (protocols' ALARM_NAMES_ZH). */
export const AlarmTypeSchema = OneOfKeys(ALARM_NAMES_ZH);
/** An alarm type a form sends: the same union, refused by the service as 未知的报警类型 (not by the schema). */
export const AlarmTypeInput = OneOfChecked(ALARM_TYPES, { maxLength: 40, pattern: '^[A-Za-z]+$' });

/** An alarm as the API lists it and the live feed pushes it; times epoch ms, speed km/h. */
export const AlarmSchema = Type.Object({
  alarmId: Type.Integer(),
  terminalId: Type.String(),
  vehicleId: Nullable(Type.Integer()),
  plate: Type.String(),
  name: Type.String(),
  type: AlarmTypeSchema,
  typeName: Type.String(),
  alarmTime: Type.Number(),
  receivedAt: Type.Number(),
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
  speed: Nullable(Type.Number()),
  handled: Type.Boolean(),
  handledBy: Type.String(),
  handledAt: Nullable(Type.Number()),
  handleNote: Type.String(),
  /**
   * 补传: raised from a blind-area upload (positions kept while out of coverage and sent later),
   * so it reached the platform after the fact; alarmTime is still the device's time.
   */
  late: Type.Boolean(),
  /**
   * One alarm per episode: how many times the terminal raised it again while it was open, and
   * the last time (absent when never); handling the alarm handles them (docs/car.md, "Alarms: one per episode").
   */
  repeats: Type.Optional(Type.Integer()),
  lastSeenAt: Type.Optional(Nullable(Type.Number())),
});
export type Alarm = Static<typeof AlarmSchema>;

export const AlarmTypeCountSchema = Type.Object({ type: AlarmTypeSchema, typeName: Type.String(), count: Type.Integer() });
export type AlarmTypeCount = Static<typeof AlarmTypeCountSchema>;

/** Filters every alarm query takes; types is a comma-separated list of alarm types. */
const filters = {
  terminalId: Type.Optional(Type.String({ maxLength: 24 })),
  vehicleId: Type.Optional(Id()),
  types: Type.Optional(Type.String({ maxLength: 2000 })),
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
};
const hours = Type.Optional(Type.Integer({ minimum: 1, maximum: 168 }));
export type AlarmFilters = Static<ReturnType<typeof Type.Object<typeof filters>>>;

/** Every kind's alarms, not 智能车联's alone: the host shell's bell and tip, which span the sub-products. */
const allKinds = Type.Optional(
  Type.Boolean({ description: '全部资产类型的报警（外壳的报警铃铛与提示，跨子产品）；缺省只含智能车联的车辆与电单车' }),
);
const AlarmCountQuery = Type.Object({ ...filters, hours, allKinds });
const RealtimeAlarmQuery = Type.Intersect([PageQuery, AlarmCountQuery]);
const AlarmHistoryQuery = Type.Intersect([
  PageQuery,
  Type.Object({ ...filters, start: Type.Optional(TimeParam), end: Type.Optional(TimeParam), handled: Type.Optional(Type.Boolean()) }),
]);
export type RealtimeAlarmQuery = Static<typeof RealtimeAlarmQuery>;
export type AlarmCountQuery = Static<typeof AlarmCountQuery>;
/** start/end default to the last 7 days, at most 93 */
export type AlarmHistoryQuery = Static<typeof AlarmHistoryQuery>;

export const AlarmPageSchema = pageOf(AlarmSchema);
export type AlarmPage = Static<typeof AlarmPageSchema>;

const AlarmCountSchema = Type.Object({ total: Type.Integer(), types: Type.Array(AlarmTypeCountSchema) });

const base = '/car/v1/accelerate/report/alarm';

export const alarmEndpoints = {
  realtime: endpoint({
    method: 'GET|POST',
    path: `${base}/actualTimeAlarmQuery.json`,
    tag: '报警',
    summary: '查询实时报警',
    input: RealtimeAlarmQuery,
    answer: AlarmPageSchema,
  }),
  realtimeCount: endpoint({
    method: 'GET|POST',
    path: `${base}/queryActualTimeAlarmNum.json`,
    tag: '报警',
    summary: '统计实时报警数',
    input: AlarmCountQuery,
    answer: AlarmCountSchema,
  }),
  history: endpoint({
    method: 'GET|POST',
    path: `${base}/newQueryAlarm`,
    tag: '报警',
    summary: '查询历史报警',
    input: AlarmHistoryQuery,
    answer: AlarmPageSchema,
  }),
  /** alarmIds comma-separated, at most 500 */
  process: endpoint({
    method: 'POST',
    path: '/car/v1/api/monitor/processAlarm',
    tag: '报警',
    summary: '处理报警',
    permission: 'car:alarm:process',
    input: Type.Object({
      alarmIds: Type.String({ minLength: 1, maxLength: 20_000 }),
      note: Type.Optional(Type.String({ maxLength: 500 })),
    }),
    answer: Type.Object({ updated: Type.Integer() }),
  }),
};

export const ALARM_ERRORS = defineErrors('alarm', {
  endBeforeStart: '结束时间必须晚于开始时间',
  rangeTooLong: '查询时间范围不能超过{days}天',
  noneSelected: { msg: '请选择要处理的报警', status: 400 },
  notVisible: { msg: '报警不存在或无权访问', status: 404 },
});
