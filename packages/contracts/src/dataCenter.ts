/**
 * 数据中心 (dataCenter, platform 17): the fleet's dashboards, aggregated on the server in one call
 * per refresh. 数据总览 and the 运营大屏 answer the same figures under their own menu's permission.
 * Every figure covers the caller's account and the accounts below it. Days are Beijing days.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { AlarmSchema, AlarmTypeCountSchema } from './alarms.ts';
import { endpoint } from './endpoint.ts';
import { Nullable, OneOf } from './schemas.ts';
import { ASSET_KINDS } from './assetKinds.ts';

/** The trends' length: the last 30 Beijing days, today included. */
export const DATA_CENTER_DAYS = 30;
/** Terminals whose service ends within this many days are "expiring soon". */
export const DATA_CENTER_EXPIRING_DAYS = 30;
/** How many vehicles the mileage ranking and the expiry list show. */
export const DATA_CENTER_TOP = 10;
/** An online vehicle at this speed or faster is moving (the car monitor's rule); slower, parked. */
export const DATA_CENTER_MOVING_KMH = 5;

/**
 * The fleet now: the assets of 智能车联's kinds (车辆 and 电单车, assetKinds.ts), as 实时监控 lists
 * them for the same account, so 总数 and 在线 are its 全部 and the vehicles not grey (online, service
 * running). online = moving + parked; total = online + offline.
 * alarm: vehicles whose latest position still carries an alarm flag, online or not (the car
 * monitor shows them red too).
 */
export const FleetNowSchema = Type.Object({
  total: Type.Integer(),
  online: Type.Integer(),
  moving: Type.Integer(),
  parked: Type.Integer(),
  offline: Type.Integer(),
  alarm: Type.Integer(),
});
export type FleetNow = Static<typeof FleetNowSchema>;

/** One asset kind's figures now (every kind, in ASSET_KINDS order, none left out): the split the page shows. */
export const AssetKindCountSchema = Type.Object({
  kind: OneOf(ASSET_KINDS),
  kindName: Type.String(),
  total: Type.Integer(),
  /** online now, as 实时监控 counts it */
  online: Type.Integer(),
  /** today's alarms of this kind's assets (of 今日报警; a terminal in no asset counts in none: alarmsToday.unbound) */
  alarmsToday: Type.Integer(),
  /** of 智能车联's fleet (fleet counts it) */
  inFleet: Type.Boolean(),
});
export type AssetKindCount = Static<typeof AssetKindCountSchema>;

/** One Beijing day of the trends. */
export const DataCenterDaySchema = Type.Object({
  day: Type.String(),
  alarms: Type.Integer(),
  /** vehicles that were online or reported a position that day */
  activeVehicles: Type.Integer(),
  /** activeVehicles over the vehicles of the fleet, 0–1, 4 decimals (上线率) */
  onlineRate: Type.Number(),
  /** km, 2 decimals */
  mileageKm: Type.Number(),
});
export type DataCenterDay = Static<typeof DataCenterDaySchema>;

/** One hour (Beijing time, 0–23) of today. */
export const DataCenterHourSchema = Type.Object({
  hour: Type.Integer(),
  /** vehicles online at any time within the hour (hours still to come: 0) */
  onlineVehicles: Type.Integer(),
  alarms: Type.Integer(),
});

export const MileageRankSchema = Type.Object({
  vehicleId: Type.Integer(),
  plate: Type.String(),
  name: Type.String(),
  /** km over the trend's days, 2 decimals */
  mileageKm: Type.Number(),
});

export const ExpiringTerminalSchema = Type.Object({
  vehicleId: Nullable(Type.Integer()),
  plate: Type.String(),
  name: Type.String(),
  terminalId: Type.String(),
  expiresAt: Type.Number(),
  /** whole days left, as 终端管理 counts them (0 within its last 24 hours: 今天到期) */
  daysLeft: Type.Integer(),
});

/**
 * Vehicles by where their latest position is: province (广东省) and area — the prefecture-level
 * city (深圳市), or the district in 北京/天津/上海/重庆/香港/澳门 — as the map's boundary files name them.
 */
export const RegionCountSchema = Type.Object({
  province: Type.String(),
  area: Type.String(),
  vehicles: Type.Integer(),
  online: Type.Integer(),
});
export type RegionCount = Static<typeof RegionCountSchema>;

export const DataCenterOverviewSchema = Type.Object({
  generatedAt: Type.Number(),
  fleet: FleetNowSchema,
  /** every asset of the scope by kind (vehicles, e-bikes, people, pets): the fleet's kinds and the others */
  assetKinds: Type.Array(AssetKindCountSchema),
  alarmsToday: Type.Object({
    total: Type.Integer(),
    types: Type.Array(AlarmTypeCountSchema),
    /**
     * of total, the alarms of terminals sitting in no asset (未绑定): 智能车联's 报警中心 lists them with
     * its vehicles' and e-bikes', so 车辆 + 电单车 + unbound = its alarms of today; total = that + 人员 + 宠物
     */
    unbound: Type.Integer(),
  }),
  /** today's newest alarms, newest first, at most DATA_CENTER_TOP (the live feed adds to them) */
  latestAlarms: Type.Array(AlarmSchema),
  /** DATA_CENTER_DAYS days, oldest first, today last (its figures so far) */
  days: Type.Array(DataCenterDaySchema),
  /** 24 hours of today */
  hours: Type.Array(DataCenterHourSchema),
  mileageRanking: Type.Array(MileageRankSchema),
  expiring: Type.Object({
    expired: Type.Integer(),
    /** not expired, ending within DATA_CENTER_EXPIRING_DAYS */
    soon: Type.Integer(),
    /** the soonest (expired ones first), at most DATA_CENTER_TOP */
    list: Type.Array(ExpiringTerminalSchema),
  }),
  regions: Type.Array(RegionCountSchema),
  /** vehicles without a position yet, or outside China */
  unlocated: Type.Integer(),
});
export type DataCenterOverview = Static<typeof DataCenterOverviewSchema>;

const base = '/car/v4/api/dataCenter';

export const dataCenterEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: `${base}/overview.json`,
    tag: '数据中心',
    summary: '查询数据总览',
    permission: 'dataCenter:overview',
    answer: DataCenterOverviewSchema,
  }),
  /** The same figures for the 运营大屏 (its own menu, so a wall-screen role needs only that). */
  screen: endpoint({
    method: 'GET',
    path: `${base}/screen.json`,
    tag: '数据中心',
    summary: '查询运营大屏数据',
    permission: 'dataCenter:screen',
    answer: DataCenterOverviewSchema,
  }),
};
