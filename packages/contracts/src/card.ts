/**
 * 智能工牌 (card, platform 11): staff wearing GPS badges. A staff member is a vehicle of type
 * 'badge' with a profile (`staffId` is its vehicle id) and at most one badge (terminal) at a time;
 * teams form a tree; responsibility areas are geofences given to a person or a team; shifts give
 * periods, thresholds and clock points; attendance is computed from positions (docs/card.md);
 * patrols score each plan's window done, late or missed. Anything outside the caller's subtree
 * answers as missing.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, PageQuery, pageOf } from './schemas.ts';
import { AlarmSchema } from './alarms.ts';

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

export const PATROL_STATUS_NAMES = { done: '已完成', late: '超时完成', missed: '漏巡', pending: '进行中' } as const;
export type PatrolStatus = keyof typeof PATROL_STATUS_NAMES;

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

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const DayText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
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
  state: Type.String(),
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

const StaffForm = Type.Object({
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
const StaffImportAnswer = Type.Object({
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
  kind: Type.String(),
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
const ShiftForm = Type.Object({
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
  status: Type.String(),
  statusName: Type.String(),
  /** the computed status when a correction overrides it */
  computedStatus: Type.String(),
  correctedBy: Type.String(),
  correctionNote: Type.String(),
});
export type AttendanceRow = Static<typeof AttendanceRowSchema>;
const AttendanceQuery = Type.Intersect([
  PageQuery,
  Type.Object({ date: DayText, teamId: Type.Optional(Id()), keyword: text(30), status: text(20) }),
]);
const CorrectionForm = Type.Object({
  staffId: Id(),
  day: DayText,
  period: Type.Integer({ minimum: 0, maximum: 3 }),
  status: Type.String({ maxLength: 20 }),
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
const CheckpointForm = Type.Object({
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
const PlanForm = Type.Object({
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
  status: Type.String(),
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
  status: Type.String(),
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
const TrackExtras = Type.Object({ stops: Type.Array(StretchSchema), offPost: Type.Array(StretchSchema) });
export type CardTrackExtras = Static<typeof TrackExtras>;

export const CardReportRowSchema = Type.Object({
  staffId: Type.Integer(),
  name: Type.String(),
  staffNo: Type.String(),
  teamName: Type.String(),
  /** periods owed so far: ended, or started and still running (today's report is today so far) */
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
const ReportQuery = Type.Object({
  kind: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]),
  date: DayText,
  teamId: Type.Optional(Id()),
});
export type CardReportQuery = Static<typeof ReportQuery>;
const ReportAnswer = Type.Object({ startDate: Type.String(), endDate: Type.String(), rows: Type.Array(CardReportRowSchema) });
export type CardReport = Static<typeof ReportAnswer>;

const StaffId = Type.Object({ staffId: Id() });
const base = '/card/v1/api';
const tag = '智能工牌';

export const cardEndpoints = {
  teams: endpoint({ method: 'GET', path: `${base}/team/list.json`, tag, summary: '查询班组', answer: Type.Array(TeamSchema) }),
  saveTeam: endpoint({
    method: 'POST',
    path: `${base}/team/save.json`,
    tag,
    summary: '保存班组',
    permission: 'card:staff:edit',
    input: Type.Object({
      teamId: Type.Optional(Id()),
      name: Type.String({ minLength: 1, maxLength: 30 }),
      parentId: Type.Optional(Type.Integer({ minimum: 0 })),
      shiftId: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
    answer: Type.Array(TeamSchema),
  }),
  deleteTeam: endpoint({
    method: 'POST',
    path: `${base}/team/delete.json`,
    tag,
    summary: '删除班组',
    permission: 'card:staff:edit',
    input: Type.Object({ teamId: Id() }),
    answer: Type.Array(TeamSchema),
  }),

  staff: endpoint({
    method: 'GET',
    path: `${base}/staff/list.json`,
    tag,
    summary: '查询人员',
    input: Type.Intersect([PageQuery, Type.Object({ keyword: text(30), teamId: Type.Optional(Id()) })]),
    answer: pageOf(StaffSchema),
  }),
  staffDetail: endpoint({
    method: 'GET',
    path: `${base}/staff/detail.json`,
    tag,
    summary: '查询人员详情',
    input: StaffId,
    answer: StaffSchema,
  }),
  saveStaff: endpoint({
    method: 'POST',
    path: `${base}/staff/save.json`,
    tag,
    summary: '保存人员',
    permission: 'card:staff:edit',
    input: StaffForm,
    answer: StaffSchema,
  }),
  deleteStaff: endpoint({
    method: 'POST',
    path: `${base}/staff/delete.json`,
    tag,
    summary: '删除人员',
    permission: 'card:staff:edit',
    input: StaffId,
    answer: Type.Object({ staffId: Type.Integer() }),
  }),
  /** A photo as base64 (PNG or JPEG, checked by content; at most 200 KB). */
  uploadPhoto: endpoint({
    method: 'POST',
    path: `${base}/staff/photo.json`,
    tag,
    summary: '上传人员照片',
    permission: 'card:staff:edit',
    encoding: 'json',
    input: Type.Object({ staffId: Id(), data: Type.String({ maxLength: 400_000 }) }),
    answer: Type.Object({ staffId: Type.Integer(), contentType: Type.String() }),
  }),
  photo: endpoint({ method: 'GET', path: `${base}/staff/photoImage`, tag, summary: '人员照片', input: StaffId, produces: 'image' }),
  bind: endpoint({
    method: 'POST',
    path: `${base}/staff/bind.json`,
    tag,
    summary: '绑定工牌',
    permission: 'card:device:edit',
    input: Type.Object({ staffId: Id(), terminalId: Type.String({ minLength: 1, maxLength: 30 }) }),
    answer: StaffSchema,
  }),
  unbind: endpoint({
    method: 'POST',
    path: `${base}/staff/unbind.json`,
    tag,
    summary: '解绑工牌',
    permission: 'card:device:edit',
    input: StaffId,
    answer: StaffSchema,
  }),
  bindings: endpoint({
    method: 'GET',
    path: `${base}/staff/bindings.json`,
    tag,
    summary: '查询工牌绑定记录',
    input: StaffId,
    answer: Type.Array(BindingSchema),
  }),
  importStaff: endpoint({
    method: 'POST',
    path: `${base}/staff/import.json`,
    tag,
    summary: '导入人员',
    permission: 'card:staff:edit',
    encoding: 'multipart',
    answer: StaffImportAnswer,
  }),
  exportStaff: endpoint({
    method: 'GET|POST',
    path: `${base}/staff/export.json`,
    tag,
    summary: '导出人员',
    input: Type.Object({ keyword: text(30), teamId: Type.Optional(Id()) }),
    produces: 'excel',
  }),

  areas: endpoint({ method: 'GET', path: `${base}/area/list.json`, tag, summary: '查询责任区域', answer: Type.Array(AreaSchema) }),
  saveArea: endpoint({
    method: 'POST',
    path: `${base}/area/save.json`,
    tag,
    summary: '分配责任区域',
    permission: 'card:area:edit',
    input: Type.Object({ geofenceId: Id(), staffId: Type.Optional(Id()), teamId: Type.Optional(Id()) }),
    answer: Type.Array(AreaSchema),
  }),
  deleteArea: endpoint({
    method: 'POST',
    path: `${base}/area/delete.json`,
    tag,
    summary: '取消责任区域',
    permission: 'card:area:edit',
    input: Type.Object({ areaId: Id() }),
    answer: Type.Array(AreaSchema),
  }),

  shifts: endpoint({ method: 'GET', path: `${base}/shift/list.json`, tag, summary: '查询班次', answer: Type.Array(ShiftSchema) }),
  saveShift: endpoint({
    method: 'POST',
    path: `${base}/shift/save.json`,
    tag,
    summary: '保存班次',
    permission: 'card:shift:edit',
    encoding: 'json',
    input: ShiftForm,
    answer: ShiftSchema,
  }),
  deleteShift: endpoint({
    method: 'POST',
    path: `${base}/shift/delete.json`,
    tag,
    summary: '删除班次',
    permission: 'card:shift:edit',
    input: Type.Object({ shiftId: Id() }),
    answer: Type.Object({ shiftId: Type.Integer() }),
  }),

  attendance: endpoint({
    method: 'GET',
    path: `${base}/attendance/list.json`,
    tag,
    summary: '查询考勤',
    input: AttendanceQuery,
    answer: pageOf(AttendanceRowSchema),
  }),
  correctAttendance: endpoint({
    method: 'POST',
    path: `${base}/attendance/correct.json`,
    tag,
    summary: '修正考勤',
    permission: 'card:attendance:edit',
    input: CorrectionForm,
    answer: AttendanceRowSchema,
  }),

  checkpoints: endpoint({
    method: 'GET',
    path: `${base}/checkpoint/list.json`,
    tag,
    summary: '查询巡更点',
    answer: Type.Array(CheckpointSchema),
  }),
  saveCheckpoint: endpoint({
    method: 'POST',
    path: `${base}/checkpoint/save.json`,
    tag,
    summary: '保存巡更点',
    permission: 'card:patrol:edit',
    input: CheckpointForm,
    answer: Type.Array(CheckpointSchema),
  }),
  deleteCheckpoint: endpoint({
    method: 'POST',
    path: `${base}/checkpoint/delete.json`,
    tag,
    summary: '删除巡更点',
    permission: 'card:patrol:edit',
    input: Type.Object({ checkpointId: Id() }),
    answer: Type.Array(CheckpointSchema),
  }),
  plans: endpoint({ method: 'GET', path: `${base}/patrol/plans.json`, tag, summary: '查询巡更计划', answer: Type.Array(PatrolPlanSchema) }),
  savePlan: endpoint({
    method: 'POST',
    path: `${base}/patrol/savePlan.json`,
    tag,
    summary: '保存巡更计划',
    permission: 'card:patrol:edit',
    encoding: 'json',
    input: PlanForm,
    answer: PatrolPlanSchema,
  }),
  deletePlan: endpoint({
    method: 'POST',
    path: `${base}/patrol/deletePlan.json`,
    tag,
    summary: '删除巡更计划',
    permission: 'card:patrol:edit',
    input: Type.Object({ planId: Id() }),
    answer: Type.Object({ planId: Type.Integer() }),
  }),
  patrolRuns: endpoint({
    method: 'GET',
    path: `${base}/patrol/runs.json`,
    tag,
    summary: '查询巡更结果',
    input: Type.Object({ date: DayText }),
    answer: Type.Array(PatrolRunSchema),
  }),

  rules: endpoint({ method: 'GET', path: `${base}/rules/get.json`, tag, summary: '查询报警规则', answer: CardRulesSchema }),
  saveRules: endpoint({
    method: 'POST',
    path: `${base}/rules/save.json`,
    tag,
    summary: '保存报警规则',
    permission: 'card:alarm:edit',
    input: CardRulesSchema,
    answer: CardRulesSchema,
  }),
  alarms: endpoint({
    method: 'GET',
    path: `${base}/alarm/list.json`,
    tag,
    summary: '查询工牌报警',
    input: Type.Intersect([PageQuery, Type.Object({ staffId: Type.Optional(Id()), type: text(30), date: Type.Optional(DayText) })]),
    answer: pageOf(AlarmSchema),
  }),
  /** Call-back listen-in (MONITOR) or a call (CALL) through the platform's command API. */
  call: endpoint({
    method: 'POST',
    path: `${base}/monitor/call.json`,
    tag,
    summary: '监听回拨',
    permission: 'card:monitor:call',
    input: Type.Object({ staffId: Id(), phone: Type.String({ pattern: '^\\+?\\d{3,20}$' }), listen: Type.Boolean() }),
    answer: Type.Object({ commandId: Nullable(Type.Integer()), status: Type.String(), message: Type.String() }),
  }),
  track: endpoint({
    method: 'GET',
    path: `${base}/track/extras.json`,
    tag,
    summary: '查询停留与离岗',
    input: Type.Object({ staffId: Id(), date: DayText }),
    answer: TrackExtras,
  }),
  report: endpoint({
    method: 'GET',
    path: `${base}/report/summary.json`,
    tag,
    summary: '查询工牌统计报表',
    input: ReportQuery,
    answer: ReportAnswer,
  }),
  exportReport: endpoint({
    method: 'GET|POST',
    path: `${base}/report/export.json`,
    tag,
    summary: '导出工牌统计报表',
    input: ReportQuery,
    produces: 'excel',
  }),
};

export const CARD_ERRORS = defineErrors('card', {
  staffNotVisible: { msg: '人员不存在或无权访问', status: 404 },
  teamNotVisible: { msg: '班组不存在或无权访问', status: 404 },
  shiftNotVisible: { msg: '班次不存在或无权访问', status: 404 },
  areaNotVisible: { msg: '责任区域不存在或无权访问', status: 404 },
  checkpointNotVisible: { msg: '巡更点不存在或无权访问', status: 404 },
  planNotVisible: { msg: '巡更计划不存在或无权访问', status: 404 },
  staffNoTaken: '工号 {staffNo} 已存在',
  teamLoop: '不能把班组移到它自己的下级',
  teamNotEmpty: '班组下还有人员或下级班组，不能删除',
  badgeBound: '工牌 {terminalId} 已绑定人员 {name}',
  badgeInVehicle: '设备 {terminalId} 已用于车辆 {name}，不能作为工牌',
  noBadge: '该人员未绑定工牌',
  photoNotImage: { msg: '照片须为 PNG 或 JPEG 图片', status: 400 },
  photoTooLarge: { msg: '照片不能超过 {kb} KB', status: 400 },
  noPhoto: { msg: '该人员没有照片', status: 404 },
  tooManyPeriods: { msg: '每天最多 {max} 个时段', status: 400 },
  tooManyClockPoints: { msg: '打卡点最多 {max} 个', status: 400 },
  periodInvalid: { msg: '时段 {start}-{end} 无效：结束须晚于开始，且时段不能重叠', status: 400 },
  periodSame: { msg: '时段 {start}-{end} 无效：开始与结束不能相同', status: 400 },
  periodOverlap: { msg: '时段 {period} 与 {other} 重叠', status: 400 },
  periodOverlapNextDay: { msg: '时段 {period} 与次日的时段 {other} 重叠：跨天时段须在次日第一个时段开始前结束', status: 400 },
  areaAssignee: { msg: '请选择人员或班组（二选一）', status: 400 },
  assigneeOfOtherAccount: '人员或班组与围栏不属于同一账户',
  statusUnknown: { msg: '不支持的考勤状态：{status}', status: 400 },
  shiftInUse: '班次正在被人员或班组使用，不能删除',
  checkpointInUse: '巡更点正在被巡更计划使用，不能删除',
  fileMissing: { msg: '请选择要导入的文件', status: 400 },
  importHeader: { msg: '表头须包含：工号、姓名', status: 400 },
  importRefused: '导入文件有 {n} 行错误，未导入任何数据',
  tooManyRows: { msg: '一次最多导入 {max} 行', status: 400 },
});
