/**
 * Data reports (data-report sub-product, platform 20): read from the daily figures the jobs role
 * rolls up per terminal and Beijing day. Every call answers GET (query) and POST (form) alike.
 *
 * Common filters: startDate, endDate ('YYYY-MM-DD' Beijing days, both inclusive, at most
 * REPORT_MAX_DAYS), vehicleId, groupId (and the groups below it), accountId, keyword (plate,
 * name or terminal id), current, pageSize.
 */
import type { Page } from './envelope.ts';

export const REPORT_MAX_DAYS = 31;

/** Export types for POST /car/v1/accelerate/export/exportDataReport.json (params: the filters as JSON). */
export const REPORT_EXPORT_TYPES = { mileage: 'mileageReport', online: 'carDayOnline', alarm: 'alarmInfo' } as const;

export interface ReportVehicle {
  vehicleId: number;
  plate: string;
  name: string;
  groupName: string;
  accountName: string;
  terminalId: string;
}

/** GET /car/v1/accelerate/report/mileage/dayMileage.json → obj MileagePage (one row per vehicle and day) */
export interface MileageDay extends ReportVehicle {
  day: string;
  /** km, 2 decimals */
  mileageKm: number;
  /** 'odometer' | 'gps' | '' (no positions that day) */
  mileageSource: string;
  drivingSeconds: number;
  maxSpeed: number;
  firstPositionAt: number | null;
  lastPositionAt: number | null;
  positionCount: number;
  alarmCount: number;
}
export interface MileagePage extends Page<MileageDay> {
  totals: { mileageKm: number; drivingSeconds: number; maxSpeed: number; alarmCount: number };
}

/** GET /car/v1/accelerate/report/online/dayOnline.json → obj OnlinePage (one row per vehicle and day) */
export interface OnlineDay extends ReportVehicle {
  day: string;
  onlineSeconds: number;
  /** When it came online that day (the day's start when it was online since the day before). */
  firstOnlineAt: number | null;
  /** Its last going offline that day; null when it did not go offline that day. */
  lastOfflineAt: number | null;
  /** onlineSeconds over the seconds of the day passed (today: so far), 0–1, 4 decimals */
  onlineRate: number;
}
export interface OnlinePage extends Page<OnlineDay> {
  totals: { onlineSeconds: number; onlineRate: number };
}

export interface AlarmTypeCount {
  type: string;
  typeName: string;
  count: number;
}

/** GET /car/v1/accelerate/report/alarm/alarmStatistics.json → obj AlarmStatisticsPage (vehicles with alarms, most first) */
export interface AlarmVehicleCount extends ReportVehicle {
  total: number;
  types: AlarmTypeCount[];
}
export interface AlarmStatisticsPage extends Page<AlarmVehicleCount> {
  totals: { total: number; types: AlarmTypeCount[] };
}

/** GET /car/v1/accelerate/report/alarm/alarmDetail.json (filters + types=a,b) → obj Page of the alarm list items (as newQueryAlarm) */
