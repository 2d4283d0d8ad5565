import type { AlarmStatisticsPage, MileagePage, OnlinePage, Page, StayPage } from '@chelian/contracts';
import { get } from '../shared/request/helpers.ts';
import type { Alarm } from '@chelian/contracts';

/** The filters every report takes (packages/contracts/src/reports.ts). */
export interface ReportQuery {
  startDate: string;
  endDate: string;
  vehicleId?: number;
  groupId?: number;
  accountId?: number;
  keyword?: string;
  current: number;
  pageSize: number;
}

const BASE = '/car/v1/accelerate/report';

/** Every call the data-report app makes (vehicles and groups come from the car app's calls). */
export const reportApi = {
  mileage: (q: ReportQuery) => get<MileagePage>(`${BASE}/mileage/dayMileage.json`, { ...q }),
  online: (q: ReportQuery) => get<OnlinePage>(`${BASE}/online/dayOnline.json`, { ...q }),
  alarmStatistics: (q: ReportQuery) => get<AlarmStatisticsPage>(`${BASE}/alarm/alarmStatistics.json`, { ...q }),
  stay: (q: ReportQuery & { minMinutes: number }) => get<StayPage>(`${BASE}/stay/stayReport.json`, { ...q }),
  alarmDetail: (q: ReportQuery & { types?: string }) => get<Page<Alarm>>(`${BASE}/alarm/alarmDetail.json`, { ...q }),
};
