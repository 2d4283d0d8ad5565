/**
 * Data reports (data-report sub-product, platform 20): read from the daily figures the jobs role
 * rolls up per terminal and Beijing day. Every call answers GET (query) and POST (form) alike.
 *
 * Common filters: startDate, endDate ('YYYY-MM-DD' Beijing days, both inclusive, at most
 * REPORT_MAX_DAYS), vehicleId, groupId (and the groups below it), accountId, keyword (plate,
 * name or terminal id), current, pageSize.
 */
import type { Page } from './envelope.ts';
import type { AlarmTypeCount } from './alarms.ts';

export const REPORT_MAX_DAYS = 31;

/** Export types for POST /car/v1/accelerate/export/exportDataReport.json (params: the filters as JSON). */
export const REPORT_EXPORT_TYPES = { mileage: 'mileageReport', online: 'carDayOnline', alarm: 'alarmInfo', stay: 'stayReport' } as const;

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


/** GET /car/v1/accelerate/report/alarm/alarmStatistics.json → obj AlarmStatisticsPage (vehicles with alarms, most first) */
export interface AlarmVehicleCount extends ReportVehicle {
  total: number;
  types: AlarmTypeCount[];
}
export interface AlarmStatisticsPage extends Page<AlarmVehicleCount> {
  totals: { total: number; types: AlarmTypeCount[] };
}

/** GET /car/v1/accelerate/report/alarm/alarmDetail.json (filters + types=a,b) → obj Page of the alarm list items (as newQueryAlarm) */

/** The stay report's shortest-stay choices (minutes) and its default, as the leading platforms offer. */
export const STAY_MIN_MINUTES = [1, 3, 5, 10, 30, 60] as const;
export const STAY_DEFAULT_MIN_MINUTES = 5;

/**
 * GET /car/v1/accelerate/report/stay/stayReport.json (filters + minMinutes, default
 * STAY_DEFAULT_MIN_MINUTES) → obj StayPage: one row per stay (valid fixes below STOP_SPEED_KMH,
 * playback's stop rule) of at least minMinutes, newest day first, then by plate and time. A stay is counted within its
 * Beijing day: one across midnight is two rows.
 */
export interface StayRow extends ReportVehicle {
  day: string;
  /** the stay's first fix, epoch ms */
  startAt: number;
  /** when the vehicle was next seen moving, or the day's last fix so far */
  endAt: number;
  seconds: number;
  /** where it stood (WGS-84, the first fix of the stay) */
  lon: number;
  lat: number;
  /** no moving fix after it yet (today: it may still be standing there) */
  open: boolean;
}
export interface StayPage extends Page<StayRow> {
  totals: { stays: number; seconds: number; vehicles: number };
}
