/**
 * 电单车卫士 (elec-car, platform 18): an owner's e-bikes (a vehicle of type 'ebike' with its
 * profile), their status, guard controls with the safe power cut, guard settings, trips and stops,
 * fences, alarms with per-type push switches, and the battery. A bike is known by its vehicle id
 * (`bikeId`); a bike outside the caller's subtree answers as a missing one.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOf, OneOfChecked, OneOfKeys, PageQuery, pageOf } from './schemas.ts';
import { COMMAND_SEND_STATUSES } from './commands.ts';
import { StayRowSchema, TripRowSchema } from './reports.ts';
import { AlarmSchema } from './alarms.ts';
import { ALARM_NAMES_ZH, type AlarmType } from '@chelian/protocols/alarms.ts';

/** The safe power cut: carried out only below this speed (km/h) on the latest fix. */
export const SAFE_CUT_MAX_KMH = 20;
/** A cut still waiting for the bike to slow down is dropped after this many minutes. */
export const SAFE_CUT_PENDING_MINUTES = 10;
/**
 * The safe cut's rule as an owner reads it before confirming (the phone app's 断电 dialog): the
 * same limits the server's cutVerdict applies, worded once here.
 */
export const SAFE_CUT_RULE = `断电后车辆将无法骑行。为保证安全，仅在车速低于 ${SAFE_CUT_MAX_KMH} km/h（或电门已关）时执行；车辆行驶中则等待减速，${SAFE_CUT_PENDING_MINUTES} 分钟内未满足条件自动取消。`;

/** Guard settings: ranges from one vendor's parameter list (docs/elec-car.md). */
export const ELEC_CAR_LIMITS = {
  autoArmDelay: [60, 300],
  vibrationLevel: [0, 15],
  displacementRadius: [300, 5000],
  overspeedKmh: [10, 60],
  reportInterval: [5, 300],
} as const;

/**
 * A new bike's speed limit (km/h, GB 17761's design speed): its vehicle's limit, which 超速报表 and
 * 平台超速报警 judge by; the bike's 超速阈值 in 防盗设防 is that limit (docs/elec-car.md, "Overspeed").
 */
export const ELEC_CAR_DEFAULT_SPEED_LIMIT_KMH = 25;

/**
 * The e-bike alarms the sub-product lists and lets the owner push or mute, in the order shown. Both
 * overspeed types are there: the terminal's own bit (终端超速报警) and the platform's judgement by the
 * bike's limit (平台超速报警).
 */
const ELEC_CAR_ALARM_ORDER = [
  'vibration',
  'displacement',
  'powerCut',
  'lowVoltage',
  'lowBattery',
  'accOnWhileArmed',
  'overspeed',
  'platformOverspeed',
  'geofenceEnter',
  'geofenceExit',
  'tamper',
  'fallDown',
  'offline',
] as const satisfies readonly AlarmType[];
export type ElecCarAlarmType = (typeof ELEC_CAR_ALARM_ORDER)[number];
export const ELEC_CAR_ALARM_TYPES: ElecCarAlarmType[] = [...ELEC_CAR_ALARM_ORDER];
/** Their names: the platform's one catalogue (protocols' ALARM_NAMES_ZH), so 智能车联, 报警中心 and this app say the same. */
export const ELEC_CAR_ALARM_NAMES = Object.fromEntries(ELEC_CAR_ALARM_ORDER.map((type) => [type, ALARM_NAMES_ZH[type]])) as {
  readonly [T in ElecCarAlarmType]: (typeof ALARM_NAMES_ZH)[T];
};

export const ELEC_CAR_ACTIONS = ['arm', 'disarm', 'cut', 'restore', 'find', 'locate'] as const;
export type ElecCarAction = (typeof ELEC_CAR_ACTIONS)[number];
/** What a control answers: as a command's sending went, or pending (a cut waiting until it is safe). */
export const ELEC_CAR_CONTROL_STATUSES = ['pending', ...COMMAND_SEND_STATUSES] as const;

/** A power order's action and where it stands, as an operator reads them. */
export const POWER_ORDER_ACTION_NAMES = { cut: '断电', restore: '恢复供电' } as const;
export type PowerOrderAction = keyof typeof POWER_ORDER_ACTION_NAMES;
export const POWER_ORDER_STATUS_NAMES = {
  pending: '等待减速',
  sent: '已下发，等待回复',
  done: '已执行',
  failed: '失败',
  expired: '已过期',
  cancelled: '已取消',
} as const;
export type PowerOrderStatus = keyof typeof POWER_ORDER_STATUS_NAMES;

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const BikeStatusSchema = Type.Object({
  online: Type.Boolean(),
  /** the latest position is a GNSS fix */
  fix: Type.Boolean(),
  armed: Nullable(Type.Boolean()),
  acc: Nullable(Type.Boolean()),
  /** the motor's power is cut (as the terminal reports it, else as last carried out) */
  powerCut: Nullable(Type.Boolean()),
  charging: Nullable(Type.Boolean()),
  /** V, as the terminal measures the pack */
  batteryVoltage: Nullable(Type.Number()),
  batteryPercent: Nullable(Type.Integer()),
  /** km, from the charge left and the pack's capacity */
  rangeKm: Nullable(Type.Number()),
  speed: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
  gpsTime: Nullable(Type.Number()),
  /** epoch ms of the newest thing heard from the terminal */
  lastUpdate: Nullable(Type.Number()),
  /** a cut waiting for the bike to slow down */
  pendingCut: Nullable(Type.Object({ orderId: Type.Integer(), created: Type.Number(), expiresAt: Type.Number(), userName: Type.String() })),
});
export type BikeStatus = Static<typeof BikeStatusSchema>;

export const BikeSettingsSchema = Type.Object({
  autoArm: Type.Boolean(),
  autoArmDelay: Type.Integer(),
  vibrationLevel: Type.Integer(),
  displacementRadius: Type.Integer(),
  overspeedKmh: Type.Integer(),
  reportInterval: Type.Integer(),
});
export type BikeSettings = Static<typeof BikeSettingsSchema>;

export const BikeSchema = Type.Object({
  bikeId: Type.Integer(),
  name: Type.String(),
  plate: Type.String(),
  terminalId: Type.String(),
  protocol: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  frameNo: Type.String(),
  motorNo: Type.String(),
  /** nominal pack voltage, V */
  batteryVoltage: Nullable(Type.Number()),
  /** pack capacity, Ah */
  batteryCapacity: Nullable(Type.Number()),
  accountName: Type.String(),
  created: Type.Number(),
  status: BikeStatusSchema,
  settings: BikeSettingsSchema,
});
export type Bike = Static<typeof BikeSchema>;

const BikePageSchema = pageOf(BikeSchema);

const profile = {
  name: text(20),
  plate: text(16),
  brand: text(20),
  model: text(30),
  frameNo: text(30),
  motorNo: text(30),
  batteryVoltage: Type.Optional(Type.Number({ minimum: 12, maximum: 120 })),
  batteryCapacity: Type.Optional(Type.Number({ minimum: 1, maximum: 500 })),
};
/** imei: the terminal's IMEI, or whatever a QR code held (the IMEI is read out of it). */
const BindForm = Type.Object({ imei: Type.String({ minLength: 1, maxLength: 300 }), ...profile });
export type BikeBindForm = Static<typeof BindForm>;
const UpdateForm = Type.Object({ bikeId: Id(), ...profile });
export type BikeUpdateForm = Static<typeof UpdateForm>;
const BikeId = Type.Object({ bikeId: Id() });

const SettingsForm = Type.Object({
  bikeId: Id(),
  autoArm: Type.Optional(Type.Boolean()),
  autoArmDelay: Type.Optional(Type.Integer()),
  vibrationLevel: Type.Optional(Type.Integer()),
  displacementRadius: Type.Optional(Type.Integer()),
  overspeedKmh: Type.Optional(Type.Integer()),
  reportInterval: Type.Optional(Type.Integer()),
});
export type BikeSettingsForm = Static<typeof SettingsForm>;

/** action: one of ELEC_CAR_ACTIONS, refused by the service as 不支持的操作：… (unknownAction), not by the schema. */
const ControlForm = Type.Object({ bikeId: Id(), action: OneOfChecked(ELEC_CAR_ACTIONS, { maxLength: 16 }) });

/** What a control did: sent now, queued for an offline bike, or (a cut) pending until it is safe. */
const ControlAnswer = Type.Object({
  action: OneOf(ELEC_CAR_ACTIONS),
  status: OneOf(ELEC_CAR_CONTROL_STATUSES),
  message: Type.String(),
  orderId: Nullable(Type.Integer()),
  commandId: Nullable(Type.Integer()),
});
export type BikeControlAnswer = Static<typeof ControlAnswer>;

/** A power cut or restore: pending → sent → done, or failed / expired / cancelled. */
export const PowerOrderSchema = Type.Object({
  orderId: Type.Integer(),
  action: OneOfKeys(POWER_ORDER_ACTION_NAMES),
  actionName: Type.String(),
  status: OneOfKeys(POWER_ORDER_STATUS_NAMES),
  statusName: Type.String(),
  reason: Type.String(),
  userName: Type.String(),
  created: Type.Number(),
  expiresAt: Type.Number(),
  executedAt: Nullable(Type.Number()),
  finishedAt: Nullable(Type.Number()),
  speedAtRequest: Nullable(Type.Number()),
  speedAtExecution: Nullable(Type.Number()),
});
export type PowerOrder = Static<typeof PowerOrderSchema>;
const PowerOrderPage = pageOf(PowerOrderSchema);

const DayRange = { bikeId: Id(), startDate: text(10), endDate: text(10) };
const TripsAnswer = Type.Object({ trips: Type.Array(TripRowSchema), stops: Type.Array(StayRowSchema) });
export type BikeTrips = Static<typeof TripsAnswer>;

const AlarmQuery = Type.Intersect([
  PageQuery,
  Type.Object({ bikeId: Type.Optional(Id()), types: text(400), startDate: text(10), endDate: text(10) }),
]);
const AlarmPage = pageOf(AlarmSchema);

export const AlarmSwitchSchema = Type.Object({ alarmType: OneOf(ELEC_CAR_ALARM_ORDER), alarmName: Type.String(), push: Type.Boolean() });
export type AlarmSwitch = Static<typeof AlarmSwitchSchema>;
/** alarmType: one of ELEC_CAR_ALARM_TYPES, refused by the service as 不支持的报警类型：… (alarmTypeUnknown). */
const AlarmSwitchForm = Type.Object({ alarmType: OneOfChecked(ELEC_CAR_ALARM_TYPES, { maxLength: 40 }), push: Type.Boolean() });

export const BikeFenceSchema = Type.Object({
  geofenceId: Type.Integer(),
  name: Type.String(),
  kindName: Type.String(),
  radius: Nullable(Type.Number()),
  alarmEnter: Type.Boolean(),
  alarmExit: Type.Boolean(),
  bound: Type.Boolean(),
});
export type BikeFence = Static<typeof BikeFenceSchema>;
const FenceBindForm = Type.Object({ bikeId: Id(), geofenceId: Id(), bound: Type.Boolean() });

/** The battery page: voltage trend, charge sessions and the newest BMS figures with faults. */
export const BatteryPointSchema = Type.Object({
  time: Type.Number(),
  voltage: Nullable(Type.Number()),
  percent: Nullable(Type.Integer()),
  charging: Nullable(Type.Boolean()),
});
export const ChargeSessionSchema = Type.Object({
  start: Type.Number(),
  end: Nullable(Type.Number()),
  startPercent: Nullable(Type.Integer()),
  endPercent: Nullable(Type.Integer()),
  startVoltage: Nullable(Type.Number()),
  endVoltage: Nullable(Type.Number()),
});
export const BmsFigureSchema = Type.Object({ key: Type.String(), label: Type.String(), value: Type.String() });
const BatteryAnswer = Type.Object({
  trend: Type.Array(BatteryPointSchema),
  charges: Type.Array(ChargeSessionSchema),
  bms: Nullable(
    Type.Object({
      time: Type.Number(),
      figures: Type.Array(BmsFigureSchema),
      cells: Type.Array(Type.Number()),
      faults: Type.Array(Type.String()),
      flagged: Type.Array(Type.String()),
    }),
  ),
});
export type BikeBattery = Static<typeof BatteryAnswer>;

const base = '/elec-car/v1/api';

export const elecCarEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/bike/list.json`,
    tag: '电单车卫士',
    summary: '查询我的电单车',
    input: Type.Intersect([PageQuery, Type.Object({ keyword: text(40) })]),
    answer: BikePageSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: `${base}/bike/detail.json`,
    tag: '电单车卫士',
    summary: '查询电单车详情',
    input: BikeId,
    answer: BikeSchema,
  }),
  bind: endpoint({
    method: 'POST',
    path: `${base}/bike/bind.json`,
    tag: '电单车卫士',
    summary: '绑定电单车',
    permission: 'elecCar:bikes:edit',
    input: BindForm,
    answer: BikeSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: `${base}/bike/update.json`,
    tag: '电单车卫士',
    summary: '修改电单车资料',
    permission: 'elecCar:bikes:edit',
    input: UpdateForm,
    answer: BikeSchema,
  }),
  unbind: endpoint({
    method: 'POST',
    path: `${base}/bike/unbind.json`,
    tag: '电单车卫士',
    summary: '解绑电单车',
    permission: 'elecCar:bikes:edit',
    input: BikeId,
    answer: Type.Object({ bikeId: Type.Integer() }),
  }),
  control: endpoint({
    method: 'POST',
    path: `${base}/bike/control.json`,
    tag: '电单车卫士',
    summary: '电单车控制',
    permission: 'elecCar:monitor:control',
    input: ControlForm,
    answer: ControlAnswer,
  }),
  cancelCut: endpoint({
    method: 'POST',
    path: `${base}/bike/cancelCut.json`,
    tag: '电单车卫士',
    summary: '取消待执行断电',
    permission: 'elecCar:monitor:control',
    input: BikeId,
    answer: Type.Object({ cancelled: Type.Integer() }),
  }),
  powerOrders: endpoint({
    method: 'GET',
    path: `${base}/bike/powerOrders.json`,
    tag: '电单车卫士',
    summary: '查询断电记录',
    input: Type.Intersect([PageQuery, BikeId]),
    answer: PowerOrderPage,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: `${base}/bike/settings.json`,
    tag: '电单车卫士',
    summary: '保存设防设置',
    permission: 'elecCar:guard:edit',
    input: SettingsForm,
    answer: BikeSettingsSchema,
  }),
  trips: endpoint({
    method: 'GET',
    path: `${base}/bike/trips.json`,
    tag: '电单车卫士',
    summary: '查询电单车行程与停留',
    input: Type.Object(DayRange),
    answer: TripsAnswer,
  }),
  alarms: endpoint({
    method: 'GET',
    path: `${base}/alarm/list.json`,
    tag: '电单车卫士',
    summary: '查询电单车报警',
    input: AlarmQuery,
    answer: AlarmPage,
  }),
  alarmSwitches: endpoint({
    method: 'GET',
    path: `${base}/alarm/switches.json`,
    tag: '电单车卫士',
    summary: '查询报警推送开关',
    answer: Type.Array(AlarmSwitchSchema),
  }),
  saveAlarmSwitch: endpoint({
    method: 'POST',
    path: `${base}/alarm/saveSwitch.json`,
    tag: '电单车卫士',
    summary: '保存报警推送开关',
    permission: 'elecCar:alarm:edit',
    input: AlarmSwitchForm,
    answer: Type.Array(AlarmSwitchSchema),
  }),
  fences: endpoint({
    method: 'GET',
    path: `${base}/bike/fences.json`,
    tag: '电单车卫士',
    summary: '查询电单车围栏',
    input: BikeId,
    answer: Type.Array(BikeFenceSchema),
  }),
  bindFence: endpoint({
    method: 'POST',
    path: `${base}/bike/bindFence.json`,
    tag: '电单车卫士',
    summary: '电单车绑定围栏',
    permission: 'elecCar:fence:edit',
    input: FenceBindForm,
    answer: Type.Array(BikeFenceSchema),
  }),
  battery: endpoint({
    method: 'GET',
    path: `${base}/bike/battery.json`,
    tag: '电单车卫士',
    summary: '查询电池数据',
    input: Type.Object(DayRange),
    answer: BatteryAnswer,
  }),
};

export const ELEC_CAR_ERRORS = defineErrors('elecCar', {
  bikeNotVisible: { msg: '电单车不存在或无权访问', status: 404 },
  imeiMissing: { msg: '请填写或扫描设备IMEI', status: 400 },
  imeiUnreadable: { msg: '二维码中没有可识别的设备IMEI', status: 400 },
  terminalBound: '设备 {terminalId} 已绑定车辆 {vehicle}',
  unknownAction: { msg: '不支持的操作：{action}', status: 400 },
  unsupported: '该设备（{protocol}）不支持“{action}”',
  notSendable: '无法下发：{reason}',
  settingRange: { msg: '{field}应在{min}到{max}之间', status: 400 },
  alarmTypeUnknown: { msg: '不支持的报警类型：{type}', status: 400 },
  fenceNotVisible: { msg: '围栏不存在或无权访问', status: 404 },
  fenceOfOtherAccount: '围栏与车辆不属于同一账户',
});
