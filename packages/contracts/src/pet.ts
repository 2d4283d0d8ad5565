/**
 * 宠物卫士 (pet, platform 13): pets with their profile and collar (a watch-protocol terminal, also
 * GT06 or JT/T 808), the collar's live state with freshness, lost mode and find, daily activity
 * from the collar's cumulative step counter, and the battery trend. A pet outside the caller's
 * subtree answers as a missing one. Rules: docs/pet.md.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOfChecked, OneOfKeys } from './schemas.ts';
import { AlarmTypeSchema } from './alarms.ts';
import { FENCE_KINDS, FenceKindSchema } from './geofences.ts';

/** Freshness of the last fix (domain notes §2): under 2 min, 2–10 min, over 10 min. */
export const PET_FRESH_SECONDS = 120;
export const PET_RECENT_SECONDS = 600;
export const PET_FRESHNESS_NAMES = { fresh: '实时', recent: '稍早', stale: '较久', none: '暂无定位' } as const;
export type PetFreshness = keyof typeof PET_FRESHNESS_NAMES;
export const PET_SOURCE_NAMES = { gps: 'GPS', wifi: 'Wi-Fi', lbs: '基站', none: '无' } as const;

export const PET_SPECIES_NAMES = { dog: '狗', cat: '猫', other: '其他' } as const;
export const PET_SEX_NAMES = { male: '公', female: '母', unknown: '未知' } as const;
/** A photo is a PNG, JPEG or WebP data URL of at most this many bytes (checked by content). */
export const PET_PHOTO_MAX_BYTES = 512 * 1024;
/** Lost mode: the collar reports this often (s) for this many minutes at most. */
export const PET_LOST_INTERVAL_SECONDS = 15;
export const PET_LOST_MINUTES = { min: 5, max: 120, default: 30 } as const;
/**
 * Power save: the intervals an owner may choose, each with the battery life it gives a typical
 * collar (a steady drain plus a cost per GNSS fix and upload; docs/pet.md). Lost mode falls back
 * to the chosen one.
 */
export const PET_REPORT_CHOICES = [
  { seconds: 60, name: '实时', life: '约1天', note: '每1分钟上报，位置最新，需每天充电' },
  { seconds: 300, name: '标准', life: '约2–3天', note: '每5分钟上报，推荐' },
  { seconds: 600, name: '省电', life: '约4天', note: '每10分钟上报' },
  { seconds: 1800, name: '超长待机', life: '约4–5天', note: '每30分钟上报，位置可能较旧' },
] as const;

export const PetLiveSchema = Type.Object({
  online: Type.Boolean(),
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
  /** epoch ms of the last place */
  gpsTime: Nullable(Type.Number()),
  ageSeconds: Nullable(Type.Integer()),
  freshness: OneOfKeys(PET_FRESHNESS_NAMES),
  freshnessName: Type.String(),
  source: OneOfKeys(PET_SOURCE_NAMES),
  sourceName: Type.String(),
  /** metres, when the collar said */
  accuracy: Nullable(Type.Number()),
  /** GSM 0–100 */
  signal: Nullable(Type.Integer()),
  /** %, the newest report's (with a fix or not) */
  battery: Nullable(Type.Integer()),
  batteryAt: Nullable(Type.Number()),
});
export type PetLive = Static<typeof PetLiveSchema>;

export const PetSchema = Type.Object({
  petId: Type.Integer(),
  name: Type.String(),
  species: OneOfKeys(PET_SPECIES_NAMES),
  speciesName: Type.String(),
  breed: Type.String(),
  sex: OneOfKeys(PET_SEX_NAMES),
  sexName: Type.String(),
  /** YYYY-MM-DD or '' */
  birthday: Type.String(),
  weightKg: Nullable(Type.Number()),
  microchip: Type.String(),
  hasPhoto: Type.Boolean(),
  stepGoal: Type.Integer(),
  /** the collar's terminal number, or null when none is bound */
  terminalId: Nullable(Type.String()),
  protocol: Nullable(Type.String()),
  accountName: Type.String(),
  created: Type.Number(),
  /** lost mode runs until this time (epoch ms), else null */
  lostUntil: Nullable(Type.Number()),
  /** the collar's normal report interval, s (power save; one of PET_REPORT_CHOICES) */
  reportSeconds: Type.Integer(),
  /** true: seen through family sharing (view only, no edit or control) */
  shared: Type.Boolean(),
  live: PetLiveSchema,
});
export type Pet = Static<typeof PetSchema>;

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const SaveForm = Type.Object({
  petId: Type.Optional(Id()),
  name: Type.String({ maxLength: 20 }),
  species: text(10),
  breed: text(30),
  sex: text(10),
  birthday: text(10),
  weightKg: Type.Optional(Nullable(Type.Number({ minimum: 0.1, maximum: 150 }))),
  microchip: text(20),
  stepGoal: Type.Optional(Type.Integer({ minimum: 500, maximum: 100_000 })),
  /** the collar's IMEI/number; '' unbinds it; left out keeps it */
  imei: text(30),
  /** a data URL (PNG, JPEG, WebP); '' removes the photo; left out keeps it */
  photo: Type.Optional(Type.String({ maxLength: 720_000 })),
});
export type PetSaveForm = Static<typeof SaveForm>;
const PetId = Type.Object({ petId: Id() });

export const PetDaySchema = Type.Object({
  /** YYYY-MM-DD, Beijing time */
  day: Type.String(),
  steps: Type.Integer(),
  activeMinutes: Type.Integer(),
  restMinutes: Type.Integer(),
  /** counter resets and implausible jumps met that day */
  resets: Type.Integer(),
  ignored: Type.Integer(),
});
export type PetDay = Static<typeof PetDaySchema>;
const ActivityAnswer = Type.Object({ goal: Type.Integer(), days: Type.Array(PetDaySchema) });
export type PetActivity = Static<typeof ActivityAnswer>;

export const PetBatteryPointSchema = Type.Object({ time: Type.Number(), battery: Type.Integer() });
const BatteryAnswer = Type.Object({
  trend: Type.Array(PetBatteryPointSchema),
  /** %/hour over the span, when it fell */
  drainPerHour: Nullable(Type.Number()),
  /** hours left at that rate */
  hoursLeft: Nullable(Type.Number()),
  /** below this the page reminds to charge */
  remindBelow: Type.Integer(),
});
export type PetBattery = Static<typeof BatteryAnswer>;

const HistoryAnswer = Type.Object({
  day: Type.String(),
  points: Type.Array(Type.Object({ time: Type.Number(), lat: Type.Number(), lon: Type.Number(), source: OneOfKeys(PET_SOURCE_NAMES) })),
  /** cells of about 50 m with the minutes spent there, most first */
  heat: Type.Array(Type.Object({ lat: Type.Number(), lon: Type.Number(), minutes: Type.Number() })),
});
export type PetHistory = Static<typeof HistoryAnswer>;

export const PetAlarmSchema = Type.Object({
  alarmId: Type.Integer(),
  type: AlarmTypeSchema,
  typeName: Type.String(),
  time: Type.Number(),
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
  handled: Type.Boolean(),
});
export type PetAlarm = Static<typeof PetAlarmSchema>;

const LostForm = Type.Object({ petId: Id(), on: Type.Boolean(), minutes: Type.Optional(Type.Integer()) });
const PowerSaveForm = Type.Object({ petId: Id(), seconds: Type.Integer() });
const ControlAnswer = Type.Object({ message: Type.String(), lostUntil: Nullable(Type.Number()), commandId: Nullable(Type.Integer()) });
export type PetControlAnswer = Static<typeof ControlAnswer>;

/** Safe zones (docs/pet.md): at most this many per pet; a circle's radius is at least 50 m. */
export const PET_ZONE_MAX = 10;
export const PET_ZONE_MIN_RADIUS_M = 50;
export const PET_ZONE_MAX_RADIUS_M = 5000;
export const PetZoneSchema = Type.Object({
  zoneId: Type.Integer(),
  petId: Type.Integer(),
  name: Type.String(),
  kind: FenceKindSchema,
  kindName: Type.String(),
  /** circle: its centre and radius */
  lon: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  radiusMeters: Nullable(Type.Number()),
  /** polygon: its corners [lon, lat] */
  points: Type.Array(Type.Array(Type.Number())),
  alarmExit: Type.Boolean(),
  alarmEnter: Type.Boolean(),
  /** the smoothed side the pet is on: true inside, false outside, null not yet known */
  inside: Nullable(Type.Boolean()),
});
export type PetZone = Static<typeof PetZoneSchema>;
const ZoneForm = Type.Object({
  petId: Id(),
  zoneId: Type.Optional(Id()),
  name: Type.String({ maxLength: 20 }),
  /** circle or polygon; another shape is refused by the service as 区域形状填写不正确 (badValue) */
  kind: OneOfChecked(FENCE_KINDS, { maxLength: 10 }),
  lon: Type.Optional(Type.Number()),
  lat: Type.Optional(Type.Number()),
  radiusMeters: Type.Optional(Type.Number()),
  /** polygon corners as "lon,lat;lon,lat;…" (3 to 50) */
  points: text(2000),
  alarmExit: Type.Optional(Type.Boolean()),
  alarmEnter: Type.Optional(Type.Boolean()),
});
export type PetZoneForm = Static<typeof ZoneForm>;

/** Family sharing: an owner and at most this many members (pending invitations count). */
export const PET_MAX_MEMBERS = 5;
export const PET_MEMBER_STATUS_NAMES = { pending: '待接受', active: '已加入' } as const;
export const PetMemberSchema = Type.Object({
  memberId: Type.Integer(),
  petId: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  /** pending (invited, not yet accepted) or active */
  status: OneOfKeys(PET_MEMBER_STATUS_NAMES),
  statusName: Type.String(),
  invitedAt: Type.Number(),
  acceptedAt: Nullable(Type.Number()),
});
export type PetMember = Static<typeof PetMemberSchema>;
/** An invitation waiting for the signed-in user. */
export const PetInvitationSchema = Type.Object({
  memberId: Type.Integer(),
  petId: Type.Integer(),
  petName: Type.String(),
  accountName: Type.String(),
  invitedAt: Type.Number(),
});
export type PetInvitation = Static<typeof PetInvitationSchema>;
const MemberId = Type.Object({ memberId: Id() });

const base = '/pet/v1/api';
export const petEndpoints = {
  list: endpoint({ method: 'GET', path: `${base}/pet/list.json`, tag: '宠物卫士', summary: '查询我的宠物', answer: Type.Array(PetSchema) }),
  detail: endpoint({
    method: 'GET',
    path: `${base}/pet/detail.json`,
    tag: '宠物卫士',
    summary: '查询宠物详情',
    input: PetId,
    answer: PetSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: `${base}/pet/save.json`,
    tag: '宠物卫士',
    summary: '保存宠物档案',
    permission: 'pet:profile:edit',
    input: SaveForm,
    answer: PetSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: `${base}/pet/remove.json`,
    tag: '宠物卫士',
    summary: '删除宠物',
    permission: 'pet:profile:edit',
    input: PetId,
    answer: Type.Object({ petId: Type.Integer() }),
  }),
  photo: endpoint({
    method: 'GET',
    path: `${base}/pet/photo.json`,
    tag: '宠物卫士',
    summary: '查询宠物照片',
    input: PetId,
    answer: Type.Object({ dataUrl: Nullable(Type.String()) }),
  }),
  activity: endpoint({
    method: 'GET',
    path: `${base}/pet/activity.json`,
    tag: '宠物卫士',
    summary: '查询每日活动',
    input: Type.Object({ petId: Id(), endDate: text(10), days: Type.Optional(Type.Integer({ minimum: 1, maximum: 31 })) }),
    answer: ActivityAnswer,
  }),
  battery: endpoint({
    method: 'GET',
    path: `${base}/pet/battery.json`,
    tag: '宠物卫士',
    summary: '查询项圈电量',
    input: Type.Object({ petId: Id(), hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 168 })) }),
    answer: BatteryAnswer,
  }),
  history: endpoint({
    method: 'GET',
    path: `${base}/pet/history.json`,
    tag: '宠物卫士',
    summary: '查询足迹与热力',
    input: Type.Object({ petId: Id(), date: text(10) }),
    answer: HistoryAnswer,
  }),
  alarms: endpoint({
    method: 'GET',
    path: `${base}/pet/alarms.json`,
    tag: '宠物卫士',
    summary: '查询宠物报警',
    input: PetId,
    answer: Type.Array(PetAlarmSchema),
  }),
  lostMode: endpoint({
    method: 'POST',
    path: `${base}/pet/lostMode.json`,
    tag: '宠物卫士',
    summary: '开启或关闭寻宠模式',
    permission: 'pet:monitor:control',
    input: LostForm,
    answer: ControlAnswer,
  }),
  powerSave: endpoint({
    method: 'POST',
    path: `${base}/pet/powerSave.json`,
    tag: '宠物卫士',
    summary: '设置项圈省电模式（上报间隔）',
    permission: 'pet:monitor:control',
    input: PowerSaveForm,
    answer: ControlAnswer,
  }),
  find: endpoint({
    method: 'POST',
    path: `${base}/pet/find.json`,
    tag: '宠物卫士',
    summary: '项圈响铃',
    permission: 'pet:monitor:control',
    input: PetId,
    answer: ControlAnswer,
  }),
  zones: endpoint({
    method: 'GET',
    path: `${base}/pet/zones.json`,
    tag: '宠物卫士',
    summary: '查询安全区域',
    input: PetId,
    answer: Type.Array(PetZoneSchema),
  }),
  zoneSave: endpoint({
    method: 'POST',
    path: `${base}/pet/zoneSave.json`,
    tag: '宠物卫士',
    summary: '保存安全区域',
    permission: 'pet:fence:edit',
    input: ZoneForm,
    answer: PetZoneSchema,
  }),
  zoneRemove: endpoint({
    method: 'POST',
    path: `${base}/pet/zoneRemove.json`,
    tag: '宠物卫士',
    summary: '删除安全区域',
    permission: 'pet:fence:edit',
    input: Type.Object({ zoneId: Id() }),
    answer: Type.Object({ zoneId: Type.Integer() }),
  }),
  members: endpoint({
    method: 'GET',
    path: `${base}/pet/members.json`,
    tag: '宠物卫士',
    summary: '查询家庭成员',
    input: PetId,
    answer: Type.Array(PetMemberSchema),
  }),
  memberInvite: endpoint({
    method: 'POST',
    path: `${base}/pet/memberInvite.json`,
    tag: '宠物卫士',
    summary: '邀请家庭成员',
    permission: 'pet:profile:edit',
    input: Type.Object({ petId: Id(), user: Type.String({ maxLength: 40 }) }),
    answer: PetMemberSchema,
  }),
  memberRemove: endpoint({
    method: 'POST',
    path: `${base}/pet/memberRemove.json`,
    tag: '宠物卫士',
    summary: '移除家庭成员',
    permission: 'pet:profile:edit',
    input: MemberId,
    answer: Type.Object({ memberId: Type.Integer() }),
  }),
  invitations: endpoint({
    method: 'GET',
    path: `${base}/pet/invitations.json`,
    tag: '宠物卫士',
    summary: '查询待接受的家庭邀请',
    answer: Type.Array(PetInvitationSchema),
  }),
  invitationAnswer: endpoint({
    method: 'POST',
    path: `${base}/pet/invitationAnswer.json`,
    tag: '宠物卫士',
    summary: '接受或拒绝家庭邀请',
    input: Type.Object({ memberId: Id(), accept: Type.Boolean() }),
    answer: Type.Object({ memberId: Type.Integer(), accepted: Type.Boolean() }),
  }),
};

export const PET_ERRORS = defineErrors('pet', {
  petNotVisible: { msg: '宠物不存在或无权访问', status: 404 },
  nameMissing: { msg: '请填写宠物名字', status: 400 },
  badValue: { msg: '{field}填写不正确', status: 400 },
  photoType: { msg: '照片只支持 PNG、JPEG 或 WebP 图片', status: 400 },
  photoTooLarge: { msg: '照片不能超过{kb}KB', status: 400 },
  collarBound: '项圈 {terminalId} 已绑定宠物 {pet}',
  noCollar: '该宠物还没有绑定项圈',
  lostMinutes: { msg: '寻宠时长应在{min}到{max}分钟之间', status: 400 },
  reportSeconds: { msg: '上报间隔只能选择1、5、10或30分钟', status: 400 },
  zoneNotVisible: { msg: '安全区域不存在或无权访问', status: 404 },
  zoneRadius: { msg: '安全区域半径应在{min}到{max}米之间', status: 400 },
  zonePoints: { msg: '多边形安全区域需要3到50个有效顶点', status: 400 },
  zoneLimit: '每只宠物最多设置{max}个安全区域',
  memberReadOnly: { msg: '家庭成员只能查看该宠物，不能修改或操作', status: 403 },
  memberUserMissing: { msg: '没有找到该用户名或手机号的用户', status: 400 },
  memberSelf: { msg: '不能邀请自己', status: 400 },
  memberExists: '{user} 已是家庭成员或已被邀请',
  memberLimit: '最多五位家庭成员（含待接受的邀请）',
  memberNotVisible: { msg: '家庭成员或邀请不存在', status: 404 },
});
