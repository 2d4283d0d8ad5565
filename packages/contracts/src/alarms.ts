/**
 * Alarms (car app, platform 8): real-time (unhandled, last `hours`, default 24, in the types the
 * account keeps on), history, and handling them. Every query answers GET (query) and POST (form) alike.
 */
import type { Page, PageParams } from './envelope.ts';
import type { AlarmTypeCount } from './reports.ts';

/** An alarm as the API lists it and the live feed pushes it; times epoch ms, speed km/h. */
export interface Alarm {
  alarmId: number;
  terminalId: string;
  vehicleId: number | null;
  plate: string;
  name: string;
  type: string;
  typeName: string;
  alarmTime: number;
  receivedAt: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  handled: boolean;
  handledBy: string;
  handledAt: number | null;
  handleNote: string;
}

/** Filters every alarm query takes; types is a comma-separated list of alarm types. */
export type AlarmFilters = {
  terminalId?: string;
  vehicleId?: number;
  types?: string;
  keyword?: string;
};

/** GET /car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json → obj Page<Alarm> */
export type RealtimeAlarmQuery = PageParams & AlarmFilters & { hours?: number };
export type AlarmPage = Page<Alarm>;

/** GET /car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json → obj AlarmCount */
export type AlarmCountQuery = AlarmFilters & { hours?: number };
export interface AlarmCount {
  total: number;
  types: AlarmTypeCount[];
}

/** GET /car/v1/accelerate/report/alarm/newQueryAlarm → obj Page<Alarm>; start/end default to the last 7 days, at most 93 */
export type AlarmHistoryQuery = PageParams & AlarmFilters & { start?: number | string; end?: number | string; handled?: boolean };

/** POST /car/v1/api/monitor/processAlarm (form; alarmIds comma-separated) → obj ProcessAlarmResult */
export type ProcessAlarmForm = { alarmIds: string; note?: string };
export interface ProcessAlarmResult {
  updated: number;
}
