/** 智能工牌's vocabularies, limits and the shapes of its forms and answers (card.ts gathers the domain). */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { Id, Nullable, OneOfCheckedKeys, OneOfKeys, PageQuery } from './schemas.ts';
import { FenceKindSchema } from './geofences.ts';

/** The badge alarms the card screens list, in the platform's words (protocols' ALARM_NAMES_ZH; a test holds them equal); offline is the platform's own. */
export const CARD_ALARM_NAMES = {
  sos: '紧急报警',
  fallDown: '跌倒报警',
  wearRemoved: '摘除报警',
  heartRateAbnormal: '心率异常',
  lowBattery: '低电报警',
  offPost: '离岗报警',
  standstill: '静止超时',
  missedCheckpoint: '漏巡报警',
  gathering: '聚集报警',
  offline: '离线报警',
} as const;
export type CardAlarmType = keyof typeof CARD_ALARM_NAMES;
export const CARD_ALARM_TYPES = Object.keys(CARD_ALARM_NAMES) as CardAlarmType[];

/** Attendance of one period: computed, or a supervisor's correction. */
export const ATTENDANCE_STATUS_NAMES = {
  normal: '正常',
  late: '迟到',
  early: '早退',
  lateEarly: '迟到且早退',
  absent: '缺勤',
  pending: '未结束',
} as const;
export type AttendanceStatus = keyof typeof ATTENDANCE_STATUS_NAMES;
/** A period not over yet as its row names it: not begun, or under way (the status filter's 未结束 holds both). */
export const PENDING_PERIOD_NAMES = { upcoming: '未开始', running: '进行中' } as const;

export const PATROL_STATUS_NAMES = { done: '已完成', late: '超时完成', missed: '漏巡', pending: '进行中' } as const;
export type PatrolStatus = keyof typeof PATROL_STATUS_NAMES;
/** A checkpoint of a window under way not visited yet (before the window begins it reads 未开始). */
export const PATROL_VISIT_DUE = '待巡';

/** Live state of a person on the map: the colour follows it. */
export const STAFF_STATE_NAMES = {
  onDuty: '在岗',
  offPost: '离岗',
  offShift: '非工作时间',
  alarm: '报警',
  offline: '离线',
  unbound: '未绑定',
} as const;
export type StaffState = keyof typeof STAFF_STATE_NAMES;

export const CARD_LIMITS = {
  periods: 4,
  clockPoints: 10,
  photoBytes: 200 * 1024,
  importRows: 5000,
  windows: 6,
} as const;

export const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
export const DayText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Clock = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

export const TeamSchema = Type.Object({
  teamId: Type.Integer(),
  name: Type.String(),
  parentId: Nullable(Type.Integer()),
  shiftId: Nullable(Type.Integer()),
  staffCount: Type.Integer(),
});
export type CardTeam = Static<typeof TeamSchema>;

export const StaffSchema = Type.Object({
  staffId: Type.Integer(),
  name: Type.String(),
  staffNo: Type.String(),
  job: Type.String(),
  phone: Type.String(),
  teamId: Nullable(Type.Integer()),
  teamName: Type.String(),
  shiftId: Nullable(Type.Integer()),
  /** the shift that applies: the person's own, else the team's */
  shiftName: Type.String(),
  remark: Type.String(),
  hasPhoto: Type.Boolean(),
  /** the badge now bound, '' when none */
  terminalId: Type.String(),
  online: Type.Boolean(),
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
  gpsTime: Nullable(Type.Number()),
  battery: Nullable(Type.Number()),
  state: OneOfKeys(STAFF_STATE_NAMES),
  stateName: Type.String(),
  accountName: Type.String(),
  created: Type.Number(),
});
export type Staff = Static<typeof StaffSchema>;

export const BindingSchema = Type.Object({
  terminalId: Type.String(),
  boundAt: Type.Number(),
  boundBy: Type.String(),
  unboundAt: Nullable(Type.Number()),
  unboundBy: Type.String(),
});
export type BadgeBinding = Static<typeof BindingSchema>;

export const StaffForm = Type.Object({
  staffId: Type.Optional(Id()),
  name: Type.String({ minLength: 1, maxLength: 20 }),
  staffNo: Type.String({ minLength: 1, maxLength: 30 }),
  job: text(20),
  phone: text(20),
  teamId: Type.Optional(Type.Integer({ minimum: 0 })),
  shiftId: Type.Optional(Type.Integer({ minimum: 0 })),
  remark: text(100),
});
export type StaffForm = Static<typeof StaffForm>;

const StaffImportRow = Type.Object({
  row: Type.Integer(),
  staffNo: Type.String(),
  name: Type.String(),
  ok: Type.Boolean(),
  errors: Type.Array(Type.String()),
});
export const StaffImportAnswer = Type.Object({
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  rows: Type.Array(StaffImportRow),
});
export type StaffImportResult = Static<typeof StaffImportAnswer>;

export const AreaSchema = Type.Object({
  areaId: Type.Integer(),
  geofenceId: Type.Integer(),
  fenceName: Type.String(),
  kind: FenceKindSchema,
  staffId: Nullable(Type.Integer()),
  teamId: Nullable(Type.Integer()),
  assignee: Type.String(),
  center: Nullable(Type.Array(Type.Number())),
  radius: Nullable(Type.Number()),
  rings: Nullable(Type.Array(Type.Array(Type.Array(Type.Number())))),
});
export type CardArea = Static<typeof AreaSchema>;

export const PeriodSchema = Type.Object({ start: Clock, end: Clock });
export type ShiftPeriod = Static<typeof PeriodSchema>;
export const ClockPointSchema = Type.Object({
  name: Type.String({ maxLength: 30 }),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lon: Type.Number({ minimum: -180, maximum: 180 }),
  radius: Type.Integer({ minimum: 10, maximum: 2000 }),
  beacon: Type.String({ maxLength: 40 }),
});
export type ClockPoint = Static<typeof ClockPointSchema>;

export const ShiftSchema = Type.Object({
  shiftId: Type.Integer(),
  name: Type.String(),
  weekdays: Type.Array(Type.Integer()),
  holidays: Type.Array(Type.String()),
  workdays: Type.Array(Type.String()),
  periods: Type.Array(PeriodSchema),
  lateMinutes: Type.Integer(),
  earlyMinutes: Type.Integer(),
  clockPoints: Type.Array(ClockPointSchema),
});
export type CardShift = Static<typeof ShiftSchema>;
export const ShiftForm = Type.Object({
  shiftId: Type.Optional(Id()),
  name: Type.String({ minLength: 1, maxLength: 30 }),
  weekdays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { maxItems: 7 }),
  holidays: Type.Optional(Type.Array(DayText, { maxItems: 100 })),
  workdays: Type.Optional(Type.Array(DayText, { maxItems: 100 })),
  periods: Type.Array(PeriodSchema, { minItems: 1, maxItems: 8 }),
  lateMinutes: Type.Integer({ minimum: 0, maximum: 240 }),
  earlyMinutes: Type.Integer({ minimum: 0, maximum: 240 }),
  clockPoints: Type.Optional(Type.Array(ClockPointSchema, { maxItems: 20 })),
});
export type ShiftForm = Static<typeof ShiftForm>;

export const AttendanceRowSchema = Type.Object({
  staffId: Type.Integer(),
  name: Type.String(),
  staffNo: Type.String(),
  teamName: Type.String(),
  day: Type.String(),
  period: Type.Integer(),
  start: Type.String(),
  end: Type.String(),
  /** first and last time at post in the period's window, epoch ms */
  arrivedAt: Nullable(Type.Number()),
  leftAt: Nullable(Type.Number()),
  status: OneOfKeys(ATTENDANCE_STATUS_NAMES),
  statusName: Type.String(),
  /** the computed status when a correction overrides it */
  computedStatus: OneOfKeys(ATTENDANCE_STATUS_NAMES),
  correctedBy: Type.String(),
  correctionNote: Type.String(),
});
export type AttendanceRow = Static<typeof AttendanceRowSchema>;
export const AttendanceQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    date: DayText,
    teamId: Type.Optional(Id()),
    keyword: text(30),
    /** an ATTENDANCE_STATUS_NAMES key (pending too: a period not over yet); another is refused as 不支持的考勤状态：… (statusUnknown) */
    status: Type.Optional(OneOfCheckedKeys(ATTENDANCE_STATUS_NAMES, { maxLength: 20 })),
  }),
]);
export const CorrectionForm = Type.Object({
  staffId: Id(),
  day: DayText,
  period: Type.Integer({ minimum: 0, maximum: 3 }),
  /** an ATTENDANCE_STATUS_NAMES key but pending, refused by the service as 不支持的考勤状态：… (statusUnknown) */
  status: OneOfCheckedKeys(ATTENDANCE_STATUS_NAMES, { maxLength: 20 }),
  note: Type.String({ minLength: 1, maxLength: 200 }),
});
export type AttendanceCorrectionForm = Static<typeof CorrectionForm>;

export const CheckpointSchema = Type.Object({
  checkpointId: Type.Integer(),
  name: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  radius: Type.Integer(),
  beacon: Type.String(),
});
export type Checkpoint = Static<typeof CheckpointSchema>;
export const CheckpointForm = Type.Object({
  checkpointId: Type.Optional(Id()),
  name: Type.String({ minLength: 1, maxLength: 30 }),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lon: Type.Number({ minimum: -180, maximum: 180 }),
  radius: Type.Integer({ minimum: 5, maximum: 1000 }),
  beacon: text(40),
});

export const PatrolPlanSchema = Type.Object({
  planId: Type.Integer(),
  name: Type.String(),
  checkpointIds: Type.Array(Type.Integer()),
  checkpointNames: Type.Array(Type.String()),
  weekdays: Type.Array(Type.Integer()),
  windows: Type.Array(PeriodSchema),
  lateMinutes: Type.Integer(),
  staffIds: Type.Array(Type.Integer()),
  teamId: Nullable(Type.Integer()),
  assignees: Type.String(),
});
export type PatrolPlan = Static<typeof PatrolPlanSchema>;
export const PlanForm = Type.Object({
  planId: Type.Optional(Id()),
  name: Type.String({ minLength: 1, maxLength: 30 }),
  checkpointIds: Type.Array(Id(), { minItems: 1, maxItems: 50 }),
  weekdays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { maxItems: 7 }),
  windows: Type.Array(PeriodSchema, { minItems: 1, maxItems: 6 }),
  lateMinutes: Type.Integer({ minimum: 0, maximum: 240 }),
  staffIds: Type.Optional(Type.Array(Id(), { maxItems: 200 })),
  teamId: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type PatrolPlanForm = Static<typeof PlanForm>;

export const PatrolVisitSchema = Type.Object({
  checkpointId: Type.Integer(),
  name: Type.String(),
  status: OneOfKeys(PATROL_STATUS_NAMES),
  statusName: Type.String(),
  visitedAt: Nullable(Type.Number()),
  staffName: Type.String(),
});
export const PatrolRunSchema = Type.Object({
  planId: Type.Integer(),
  planName: Type.String(),
  day: Type.String(),
  window: Type.Integer(),
  start: Type.String(),
  end: Type.String(),
  status: OneOfKeys(PATROL_STATUS_NAMES),
  statusName: Type.String(),
  visits: Type.Array(PatrolVisitSchema),
});
export type PatrolRun = Static<typeof PatrolRunSchema>;

export const CardRulesSchema = Type.Object({
  offPostMinutes: Type.Integer({ minimum: 1, maximum: 240 }),
  standstillMinutes: Type.Integer({ minimum: 5, maximum: 600 }),
  gatheringCount: Type.Integer({ minimum: 2, maximum: 50 }),
  gatheringRadius: Type.Integer({ minimum: 5, maximum: 500 }),
  gatheringMinutes: Type.Integer({ minimum: 1, maximum: 240 }),
});
export type CardRules = Static<typeof CardRulesSchema>;

export const StretchSchema = Type.Object({
  start: Type.Number(),
  end: Type.Number(),
  minutes: Type.Number(),
  lat: Type.Number(),
  lon: Type.Number(),
});
export const TrackExtras = Type.Object({ stops: Type.Array(StretchSchema), offPost: Type.Array(StretchSchema) });
export type CardTrackExtras = Static<typeof TrackExtras>;

export const CardReportRowSchema = Type.Object({
  staffId: Type.Integer(),
  name: Type.String(),
  staffNo: Type.String(),
  teamName: Type.String(),
  /** periods owed so far: ended, or started and still running (today's report is today so far) */
  /** the span's periods of the person's shift, begun or not (今日排班: who is on today at all) */
  scheduledPeriods: Type.Integer(),
  workPeriods: Type.Integer(),
  /** periods the person arrived for (到岗), running ones included */
  arrived: Type.Integer(),
  /** periods started and not yet ended (进行中): judged when they end, never 缺勤 before */
  ongoing: Type.Integer(),
  normal: Type.Integer(),
  late: Type.Integer(),
  early: Type.Integer(),
  absent: Type.Integer(),
  offPostCount: Type.Integer(),
  offPostMinutes: Type.Integer(),
  patrolDone: Type.Integer(),
  patrolLate: Type.Integer(),
  patrolMissed: Type.Integer(),
  /** minutes the badge reported (worn and on) within the shift periods */
  wearMinutes: Type.Integer(),
  alarms: Type.Integer(),
});
export type CardReportRow = Static<typeof CardReportRowSchema>;
export const ReportQuery = Type.Object({
  kind: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]),
  date: DayText,
  teamId: Type.Optional(Id()),
});
export type CardReportQuery = Static<typeof ReportQuery>;
export const ReportAnswer = Type.Object({ startDate: Type.String(), endDate: Type.String(), rows: Type.Array(CardReportRowSchema) });
export type CardReport = Static<typeof ReportAnswer>;
