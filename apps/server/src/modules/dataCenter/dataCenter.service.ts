import {
  ASSET_KINDS,
  DATA_CENTER_DAYS,
  DATA_CENTER_EXPIRING_DAYS,
  DATA_CENTER_TOP,
  kindsOf,
  type DataCenterOverview,
} from '@chelian/contracts';
import { loadReverseGeocoder } from '@chelian/geo';
import { addDays, beijingDayOf, beijingDayStart, DAY_MS, daysBetween } from '@chelian/contracts/beijingTime.ts';
import type { Queryable } from '../../db/types.ts';
import { terminalScope, type Scope } from '../../core/terminalScope.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { dataCenterQueries, type DayRow, type FleetRow } from './dataCenter.queries.ts';
import {
  presentAlarmsToday,
  presentAssetKinds,
  presentDays,
  presentExpiring,
  presentFleet,
  presentRanking,
} from './dataCenter.presenter.ts';
import { onlineHours } from './onlineHours.ts';
import { regionCounts } from './regionCounts.ts';
import { TrendCache } from './trendCache.ts';
import { fleetSummaryQueries } from '../reports/fleetSummary.queries.ts';
import { alarmsQueries, type AlarmFilter } from '../alarms/alarms.queries.ts';
import { summaryWindow } from '../reports/fleetSummary.ts';

/**
 * The alarm list's filter for every alarm of the scope in [start, end), of any kind: split by kind
 * with the count 报警中心 and 报警明细 sum (alarmsQueries), so the fleet's kinds add up to theirs.
 */
const alarmsOfScope = (scope: string, start: Date, end: Date): AlarmFilter => ({
  scope,
  terminalKey: null,
  vehicleId: null,
  types: null,
  start,
  end,
  handled: null,
  keyword: null,
  settingsAccountId: null,
  kinds: null,
});

const withTerminal = (rows: readonly FleetRow[]) => rows.filter((r): r is FleetRow & { terminal_id: number } => r.terminal_id !== null);

/** How long the 30-day figures are reused: well within the rollup's own 5-minute step. */
export const TREND_CACHE_MS = 60_000;

interface Trends {
  days: DayRow[];
  ranking: Array<{ vehicle_id: number; plate: string; name: string; km: number }>;
}

/** The data centre's figures; one per app, so the 30-day figures are shared by its refreshes. */
export class DataCenterService {
  private readonly trends = new TrendCache<Trends>(TREND_CACHE_MS);

  constructor(private readonly db: Queryable) {}

  /**
   * The rollups' 30 days and the ranking over them, from the cache when read within TREND_CACHE_MS:
   * from the rollup's summary while it is current (its window is this one and the fleet's owners
   * are as it counted them), else from the daily rows.
   */
  private trendsOf(scope: string, isPlatformAdmin: boolean, from: string, today: string, now: number): Promise<Trends> {
    return this.trends.get(`${scope}|${isPlatformAdmin}|${today}`, now, async () => {
      const summary = await fleetSummaryQueries.state(this.db);
      const { through } = summaryWindow(now);
      if (summary?.current && summary.from_day === from && summary.through_day === through) {
        const [days, ranking] = await Promise.all([
          dataCenterQueries.daysFromSummary(this.db, scope, from, today, isPlatformAdmin),
          dataCenterQueries.rankingFromSummary(this.db, scope, today, isPlatformAdmin, DATA_CENTER_TOP),
        ]);
        return { days, ranking };
      }
      const [days, ranking] = await Promise.all([
        dataCenterQueries.days(this.db, scope, from, today, isPlatformAdmin),
        dataCenterQueries.mileageRanking(this.db, scope, from, today, isPlatformAdmin, DATA_CENTER_TOP),
      ]);
      return { days, ranking };
    });
  }

  /**
   * Every figure of the data centre for the caller's scope, as of `now`: the fleet now and where it
   * is (latest_positions), today's alarms (the alarms table), the 30-day trends and the mileage
   * ranking (the daily rollups; today's alarms and active vehicles from the live tables, since the
   * rollup of today runs behind), and the terminals whose service ends soon.
   */
  async overview(user: Scope, now = Date.now()): Promise<DataCenterOverview> {
    const { db } = this;
    const scope = terminalScope(user);
    const today = beijingDayOf(now);
    const from = addDays(today, -(DATA_CENTER_DAYS - 1));
    const start = new Date(beijingDayStart(today));
    const end = new Date(now);
    const [assetRows, alarmRows, alarmKinds, latestAlarms, { days: dayRows, ranking }, presence, expiring, geocoder] = await Promise.all([
      dataCenterQueries.fleet(db, scope, start, ASSET_KINDS, end),
      dataCenterQueries.alarmsByTypeAndHour(db, scope, start, end),
      alarmsQueries.countByKindAndHour(db, alarmsOfScope(scope, start, end), start),
      dataCenterQueries.latestAlarms(db, scope, start, end, DATA_CENTER_TOP),
      this.trendsOf(scope, user.isPlatformAdmin, from, today, now),
      dataCenterQueries.presence(db, scope, start, end),
      dataCenterQueries.expiring(db, scope, end, new Date(now + DATA_CENTER_EXPIRING_DAYS * DAY_MS), DATA_CENTER_TOP),
      loadReverseGeocoder(),
    ]);

    // The fleet is 实时监控's (智能车联's kinds); every kind is counted beside it, split.
    const fleetKinds: readonly string[] = kindsOf('car');
    const fleetRows = assetRows.filter((r) => fleetKinds.includes(r.kind));
    const fleet = presentFleet(fleetRows);
    const alarmsToday = presentAlarmsToday(alarmRows);
    const activeToday = fleetRows.reduce((n, r) => n + (r.active_today ? 1 : 0), 0);
    // The trends are the fleet's kinds' (as their rollup rows): today's alarms are 报警中心's, not the crew's.
    const fleetAlarmsToday = alarmKinds.reduce((n, k) => n + (k.kind !== null && fleetKinds.includes(k.kind) ? k.n : 0), 0);
    // A terminal in no asset is in no kind: its alarms are 未绑定, listed by 报警中心 beside the fleet's.
    const unboundAlarmsToday = alarmKinds.reduce((n, k) => n + (k.kind === null ? k.n : 0), 0);
    // 今日活跃时段 is the fleet's too: its online vehicles and their alarms, hour by hour (adding up to fleetAlarmsToday)
    const fleetAlarmsByHour = new Array<number>(24).fill(0);
    for (const k of alarmKinds)
      if (k.kind !== null && fleetKinds.includes(k.kind)) fleetAlarmsByHour[Math.min(23, Math.max(0, k.hour))] += k.n;
    const days = presentDays(daysBetween(from, today), dayRows, fleet.total, {
      day: today,
      alarms: fleetAlarmsToday,
      active: activeToday,
    });
    const online = onlineHours(withTerminal(fleetRows), presence, start.getTime(), now);
    const { regions, unlocated } = regionCounts(fleetRows, (lon, lat) => geocoder.lookup(lon, lat));
    return {
      generatedAt: now,
      fleet,
      assetKinds: presentAssetKinds(assetRows, alarmKinds, fleetKinds),
      alarmsToday: { total: alarmsToday.total, types: alarmsToday.types, unbound: unboundAlarmsToday },
      latestAlarms: latestAlarms.map(presentAlarm),
      days,
      hours: online.map((onlineVehicles, hour) => ({ hour, onlineVehicles, alarms: fleetAlarmsByHour[hour] })),
      mileageRanking: presentRanking(ranking),
      expiring: presentExpiring(expiring, now),
      regions,
      unlocated,
    };
  }
}
