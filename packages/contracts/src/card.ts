/**
 * 智能工牌 (card, platform 11): staff wearing GPS badges. A staff member is a vehicle of type
 * 'badge' with a profile (`staffId` is its vehicle id) and at most one badge (terminal) at a time;
 * teams form a tree; responsibility areas are geofences given to a person or a team; shifts give
 * periods, thresholds and clock points; attendance is computed from positions (docs/card.md);
 * patrols score each plan's window done, late or missed. Anything outside the caller's subtree
 * answers as missing.
 */
import { defineErrors } from './errors.ts';

export {
  CARD_ALARM_NAMES,
  CARD_ALARM_TYPES,
  ATTENDANCE_STATUS_NAMES,
  PATROL_STATUS_NAMES,
  STAFF_STATE_NAMES,
  CARD_LIMITS,
  TeamSchema,
  StaffSchema,
  BindingSchema,
  AreaSchema,
  PeriodSchema,
  ClockPointSchema,
  ShiftSchema,
  AttendanceRowSchema,
  CheckpointSchema,
  PatrolPlanSchema,
  PatrolVisitSchema,
  PatrolRunSchema,
  CardRulesSchema,
  StretchSchema,
  CardReportRowSchema,
} from './cardSchemas.ts';
export type {
  CardAlarmType,
  AttendanceStatus,
  PatrolStatus,
  StaffState,
  CardTeam,
  Staff,
  BadgeBinding,
  StaffForm,
  StaffImportResult,
  CardArea,
  ShiftPeriod,
  ClockPoint,
  CardShift,
  ShiftForm,
  AttendanceRow,
  AttendanceCorrectionForm,
  Checkpoint,
  PatrolPlan,
  PatrolPlanForm,
  PatrolRun,
  CardRules,
  CardTrackExtras,
  CardReportRow,
  CardReportQuery,
  CardReport,
} from './cardSchemas.ts';
export { cardEndpoints } from './cardEndpoints.ts';

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
