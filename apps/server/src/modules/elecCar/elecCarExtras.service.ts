import {
  ELEC_CAR_ALARM_NAMES,
  ELEC_CAR_ALARM_TYPES,
  ELEC_CAR_ERRORS,
  FENCE_KIND_NAMES,
  STAY_DEFAULT_MIN_MINUTES,
  type AlarmSwitch,
  type BikeFence,
  type BikeTrips,
} from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { subjects } from '../../bus/subjects.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { splitList } from '../../http/listInput.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { pathInScope } from '../../core/accountScope.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { ReportsService, filterSpan, reportFilter } from '../reports/reports.service.ts';
import { presentStay, presentTrip } from '../reports/reports.presenter.ts';
import { alarmSettingsQueries } from '../alarmSettings/alarmSettings.queries.ts';
import { defaultPush } from '../alarmSettings/alarmSettings.service.ts';
import { GEOFENCE_CHANGED } from '../geofences/geofences.service.ts';
import type { BikeRow } from './bikes.queries.ts';
import { elecCarExtrasQueries, type FenceRow } from './elecCarExtras.queries.ts';

/** Trips and stops as the data reports count them (rollups; stops of at least 5 minutes). */
export async function bikeTrips(
  db: Db,
  user: SessionUser,
  bike: BikeRow,
  range: { startDate?: string; endDate?: string },
): Promise<BikeTrips> {
  const reports = new ReportsService(db);
  const input = { vehicleId: bike.id, startDate: range.startDate, endDate: range.endDate, minMinutes: STAY_DEFAULT_MIN_MINUTES };
  const win = { limit: 500, offset: 0 };
  const [trips, stays] = await Promise.all([reports.trips(user, input, win), reports.stays(user, input, win)]);
  return { trips: trips.rows.map(presentTrip), stops: stays.rows.map(presentStay) };
}

/** The e-bikes' alarms (one bike or all the caller sees), in the e-bike types only. */
export async function bikeAlarms(
  db: Db,
  user: SessionUser,
  q: { bikeId?: number; types?: string; startDate?: string; endDate?: string },
  win: { limit: number; offset: number },
) {
  const filter = await reportFilter(db, user, { vehicleId: q.bikeId, startDate: q.startDate, endDate: q.endDate });
  const asked = splitList(q.types, 50).filter((t) => (ELEC_CAR_ALARM_TYPES as string[]).includes(t));
  const { start, end } = filterSpan(filter);
  const { total, rows } = await elecCarExtrasQueries.alarmPage(
    db,
    {
      scope: terminalScope(user),
      vehicleId: q.bikeId ?? null,
      types: asked.length ? asked : [...ELEC_CAR_ALARM_TYPES],
      start,
      end,
    },
    win.limit,
    win.offset,
  );
  // Named as everywhere on the platform (ELEC_CAR_ALARM_NAMES are ALARM_NAMES_ZH's words).
  return { total, list: rows.map(presentAlarm) };
}

/** Per-type push switches of the caller's account: the push settings' on/off, other settings kept. */
export async function alarmSwitches(db: Db, user: SessionUser): Promise<AlarmSwitch[]> {
  const stored = new Map((await alarmSettingsQueries.pushes(db, user.accountId)).map((r) => [r.alarm_type, r.enabled]));
  return ELEC_CAR_ALARM_TYPES.map((type) => ({
    alarmType: type,
    alarmName: ELEC_CAR_ALARM_NAMES[type],
    push: stored.get(type) ?? defaultPush(type).enabled,
  }));
}

export async function saveAlarmSwitch(db: Db, bus: Bus, user: SessionUser, alarmType: string, push: boolean): Promise<AlarmSwitch[]> {
  // the contract's union for callers, any text on the wire: checked against the same list
  const type = oneOfOrRefuse(ELEC_CAR_ALARM_TYPES, alarmType, ELEC_CAR_ERRORS.alarmTypeUnknown, 'type');
  const row = (await alarmSettingsQueries.pushes(db, user.accountId)).find((r) => r.alarm_type === type);
  const base = row
    ? {
        channels: row.channels.split(',').filter(Boolean),
        quietStart: row.quiet_start,
        quietEnd: row.quiet_end,
        minIntervalMinutes: row.min_interval_minutes,
      }
    : defaultPush(type);
  await alarmSettingsQueries.upsertPush(db, user.accountId, {
    alarmType: type,
    enabled: push,
    channels: base.channels,
    quietStart: base.quietStart,
    quietEnd: base.quietEnd,
    minIntervalMinutes: base.minIntervalMinutes,
  });
  bus.publish(subjects.alarmPushChanged(user.accountId), {});
  return alarmSwitches(db, user);
}

const presentFence = (r: FenceRow): BikeFence => ({
  geofenceId: Number(r.id),
  name: r.name,
  kindName: FENCE_KIND_NAMES[r.kind],
  radius: r.radius_m === null ? null : Math.round(r.radius_m),
  alarmEnter: r.alarm_enter,
  alarmExit: r.alarm_exit,
  bound: r.bound,
});

/** The fences of the bike's account (drawn in 智能车联's 电子围栏), each marked when the bike is in it. */
export async function bikeFences(db: Db, bike: BikeRow): Promise<BikeFence[]> {
  return (await elecCarExtrasQueries.fencesOf(db, bike.account_id, bike.id)).map(presentFence);
}

export async function bindFence(
  db: Db,
  bus: Bus,
  user: SessionUser,
  bike: BikeRow,
  geofenceId: number,
  bound: boolean,
): Promise<BikeFence[]> {
  const fence = await elecCarExtrasQueries.fenceAccount(db, geofenceId);
  if (!fence || !pathInScope(user, fence.path)) throw new AppError(ELEC_CAR_ERRORS.fenceNotVisible);
  if (Number(fence.account_id) !== Number(bike.account_id)) throw new AppError(ELEC_CAR_ERRORS.fenceOfOtherAccount);
  if (bound) await elecCarExtrasQueries.attach(db, geofenceId, bike.id);
  else await elecCarExtrasQueries.detach(db, geofenceId, bike.id);
  bus.publish(GEOFENCE_CHANGED, {});
  return bikeFences(db, bike);
}
