import { kindsOf, type AssistantAction, type PermissionCode } from '@chelian/contracts';
import { addDays, beijingDayOf, beijingDayStart, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import type { Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { hasPermission } from '../../core/permissions.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { alarmTypeName } from '../../core/alarm.presenter.ts';
import { vehiclesQueries, type VehicleRow } from '../terminals/vehicles.queries.ts';
import { containsPattern } from '../../db/likeText.ts';
import { monitorQueries } from '../monitor/monitor.queries.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { dataCenterQueries } from '../dataCenter/dataCenter.queries.ts';
import { FleetReportsService } from '../reports/fleet.service.ts';
import { beijingTime } from '../playback/trackSheet.ts';
import { menuPath } from './knowledge.ts';

/**
 * The assistant's answers from the user's own fleet. Each reads through the query functions the
 * pages use, with the session's scope (core/terminalScope.ts), and only when the user's role
 * holds the page's permission: a vehicle of another tenant is "not found", exactly like one that
 * does not exist. They only read.
 */
export interface FleetToolDeps {
  db: Queryable;
  /** after how long without a message a terminal is offline (config OFFLINE_AFTER_SECONDS, gateway/presence.ts) */
  offlineAfterSeconds: number;
  /** address text of a WGS-84 point, or null */
  address(lon: number, lat: number): Promise<string | null>;
  now?: () => number;
}

export interface ToolResult {
  kind: 'data' | 'denied';
  text: string;
  actions: AssistantAction[];
  source: string;
  /** the same facts as structured data (what a language model is given) */
  data: unknown;
}

const MAX_LISTED = 10;
const MAX_BUTTONS = 6;

export const denied = (what: string, codes: PermissionCode[]): ToolResult => ({
  kind: 'denied',
  text: `您当前的角色没有「${codes.map((c) => menuPath(c)).join('」或「')}」的权限，无法${what}。如需开通，请联系管理员在 ${menuPath('system:role')} 中设置。`,
  actions: [],
  source: '',
  data: { denied: true },
});

export const allowed = (user: SessionUser, codes: PermissionCode[]) => codes.some((c) => hasPermission(user.permissions, c));
export const nameOf = (v: { plate: string | null; vehicle_name?: string | null; name?: string | null }) =>
  v.plate || v.vehicle_name || v.name || '';
const km = (n: number) => `${Math.round(n * 10) / 10} km`;

export function duration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}天${h}小时` : h > 0 ? `${h}小时${m}分钟` : `${m}分钟`;
}

/** The user's vehicle named by plate, name or terminal number: one, several, or none visible. */
async function findVehicles(db: Queryable, user: SessionUser, key: string): Promise<VehicleRow[]> {
  const filter = {
    scope: terminalScope(user),
    keyword: containsPattern(key),
    groupId: null,
    kinds: kindsOf('car'),
    accountId: null,
    online: null,
    protocol: null,
    serviceState: null,
  };
  const { rows } = await vehiclesQueries.page(db, filter, 5, 0);
  const upper = key.toUpperCase();
  const exact = rows.filter((r) => r.plate.toUpperCase() === upper || r.identifier === key || r.name === key);
  return exact.length > 0 ? exact : rows;
}

export async function vehicleLocation(deps: FleetToolDeps, user: SessionUser, key: string): Promise<ToolResult> {
  const codes: PermissionCode[] = ['car:monitor', 'car:follow'];
  if (!allowed(user, codes)) return denied('查询车辆位置', codes);
  const found = await findVehicles(deps.db, user, key);
  const source = menuPath('car:monitor')!;
  if (found.length === 0) {
    return {
      kind: 'data',
      text: `没有找到车牌号或设备号为“${key}”的车辆。请确认车牌号是否正确，或该车辆是否在您的账户下。`,
      actions: [],
      source,
      data: { found: 0 },
    };
  }
  if (found.length > 1) {
    const list = found.map((v) => `${nameOf(v)}（设备 ${v.identifier ?? '未绑定'}）`).join('、');
    return {
      kind: 'data',
      text: `找到多辆相近的车辆：${list}。请告诉我完整的车牌号。`,
      actions: [],
      source,
      data: { found: found.map((v) => ({ vehicleId: v.id, plate: v.plate })) },
    };
  }
  const v = found[0]!;
  const buttons: AssistantAction[] = [
    { type: 'location', label: '实时跟踪', vehicleId: v.id },
    { type: 'playback', label: '轨迹回放', vehicleId: v.id },
    { type: 'vehicleDetail', label: '车辆详情', vehicleId: v.id },
  ];
  if (!v.identifier)
    return {
      kind: 'data',
      text: `${nameOf(v)} 还没有绑定设备，暂无位置。`,
      actions: [buttons[2]!],
      source,
      data: { vehicleId: v.id, plate: v.plate, bound: false },
    };
  const [latest] = await monitorQueries.latest(deps.db, terminalScope(user), [identifierKey(v.identifier)], 1, 0);
  if (!latest) {
    return {
      kind: 'data',
      text: `${nameOf(v)}（设备 ${v.identifier}）还没有上报过位置，请确认设备已安装通电并设置了正确的服务器地址。`,
      actions: [buttons[2]!],
      source,
      data: { vehicleId: v.id, plate: v.plate, position: null },
    };
  }
  if (latest.service_expired) {
    return {
      kind: 'data',
      text: `${nameOf(v)} 的设备服务已到期，实时位置已暂停，续费后立即恢复（历史轨迹仍可回放）。`,
      actions: [buttons[1]!, buttons[2]!],
      source,
      data: { vehicleId: v.id, plate: v.plate, serviceExpired: true },
    };
  }
  const address = await deps.address(latest.lon, latest.lat);
  const state = latest.online ? (latest.speed > 0 ? `在线，行驶中，速度 ${Math.round(latest.speed)} km/h` : '在线，静止') : '离线';
  const acc = latest.acc === null ? '' : `，ACC ${latest.acc ? '开' : '关'}`;
  const lines = [
    `${nameOf(v)} 当前${state}${acc}。`,
    `位置：${address ?? '暂无地址'}（经度 ${latest.lon.toFixed(6)}，纬度 ${latest.lat.toFixed(6)}）`,
    `定位时间：${beijingTime(latest.gps_time)}${latest.valid ? '' : '（未定位，为最后有效位置）'}`,
  ];
  return {
    kind: 'data',
    text: lines.join('\n'),
    actions: buttons,
    source,
    data: {
      vehicleId: v.id,
      plate: v.plate,
      online: latest.online,
      speed: latest.speed,
      acc: latest.acc,
      lon: latest.lon,
      lat: latest.lat,
      address,
      gpsTime: beijingTime(latest.gps_time),
      valid: latest.valid,
    },
  };
}

export async function alarmsToday(deps: FleetToolDeps, user: SessionUser, key: string | null): Promise<ToolResult> {
  const codes: PermissionCode[] = ['car:alarm', 'report:alarm'];
  if (!allowed(user, codes)) return denied('查询报警', codes);
  const today = beijingDayOf(deps.now?.() ?? Date.now());
  let vehicle: VehicleRow | null = null;
  if (key) {
    const found = await findVehicles(deps.db, user, key);
    if (found.length !== 1)
      return { kind: 'data', text: `没有找到车牌号或设备号为“${key}”的车辆。`, actions: [], source: '', data: { found: found.length } };
    vehicle = found[0]!;
  }
  const filter = {
    scope: terminalScope(user),
    terminalKey: null,
    vehicleId: vehicle?.id ?? null,
    types: null,
    start: new Date(beijingDayStart(today)),
    end: new Date(beijingDayStart(addDays(today, 1))),
    handled: null,
    keyword: null,
    settingsAccountId: null,
    kinds: kindsOf('car'),
  };
  const [byType, page] = await Promise.all([alarmsQueries.countByType(deps.db, filter), alarmsQueries.page(deps.db, filter, 5, 0)]);
  const who = vehicle ? `${nameOf(vehicle)} ` : '';
  const source = menuPath('report:alarm')!;
  if (page.total === 0) {
    return { kind: 'data', text: `${who}今天（${today}）没有报警。`, actions: [], source, data: { day: today, total: 0 } };
  }
  const types = byType.map((t) => `${alarmTypeName(t.type)} ${t.n} 条`).join('、');
  const unhandled = page.rows.filter((r) => !r.handled).length;
  const latest = page.rows.map(
    (r) =>
      `${beijingTime(r.alarm_time).slice(11)} ${nameOf(r) || r.identifier} ${alarmTypeName(r.type)}${r.handled ? '（已处理）' : '（未处理）'}`,
  );
  const vehicles = [...new Map(page.rows.filter((r) => r.vehicle_id !== null).map((r) => [r.vehicle_id!, nameOf(r)])).entries()];
  const actions: AssistantAction[] = vehicles
    .slice(0, MAX_BUTTONS - 1)
    .map(([id, plate]) => ({ type: 'alarmDetail', label: `${plate} 报警明细`, vehicleId: id }));
  if (!vehicle) actions.push({ type: 'alarmDetail', label: '全部报警明细' });
  return {
    kind: 'data',
    text: [
      `${who}今天（${today}）共有 ${page.total} 条报警：${types}。`,
      `最新 ${page.rows.length} 条${unhandled ? `（其中 ${unhandled} 条未处理）` : ''}：`,
      ...latest,
    ].join('\n'),
    actions,
    source,
    data: {
      day: today,
      total: page.total,
      byType: byType.map((t) => ({ type: alarmTypeName(t.type), count: t.n })),
      latest: page.rows.map((r) => ({
        vehicleId: r.vehicle_id,
        plate: r.plate,
        type: alarmTypeName(r.type),
        time: beijingTime(r.alarm_time),
        handled: r.handled,
      })),
    },
  };
}

export async function mileageTop(deps: FleetToolDeps, user: SessionUser, period: 'today' | 'week' | 'month'): Promise<ToolResult> {
  const codes: PermissionCode[] = ['report:mileage', 'dataCenter:overview'];
  if (!allowed(user, codes)) return denied('查询里程', codes);
  const today = beijingDayOf(deps.now?.() ?? Date.now());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const from = period === 'today' ? today : period === 'week' ? addDays(today, -((weekday + 6) % 7)) : `${today.slice(0, 8)}01`;
  const label = { today: '今天', week: '本周', month: '本月' }[period];
  const rows = await dataCenterQueries.mileageRanking(deps.db, terminalScope(user), from, today, user.isPlatformAdmin, 5);
  const source = menuPath('report:mileage')!;
  const span = from === today ? today : `${from} 至 ${today}`;
  if (rows.length === 0)
    return {
      kind: 'data',
      text: `${label}（${span}）还没有车辆产生里程（里程按报表的汇总周期更新，刚产生的行程稍后计入）。`,
      actions: [],
      source,
      data: { from, to: today, ranking: [] },
    };
  const top = rows[0]!;
  return {
    kind: 'data',
    text: [
      `${label}（${span}）里程最多的车是 ${top.plate || top.name}，共 ${km(top.km)}。`,
      '排名：',
      ...rows.map((r, i) => `${i + 1}. ${r.plate || r.name} ${km(r.km)}`),
    ].join('\n'),
    actions: [
      { type: 'mileageReport', label: `${top.plate || top.name} 里程报表`, vehicleId: top.vehicle_id },
      { type: 'playback', label: `${top.plate || top.name} 轨迹回放`, vehicleId: top.vehicle_id },
      { type: 'mileageReport', label: '全部里程报表' },
    ],
    source,
    data: { from, to: today, ranking: rows.map((r) => ({ vehicleId: r.vehicle_id, plate: r.plate, km: Math.round(r.km * 10) / 10 })) },
  };
}

export async function offlineVehicles(deps: FleetToolDeps, user: SessionUser, hours: number): Promise<ToolResult> {
  const codes: PermissionCode[] = ['report:offline', 'report:online'];
  if (!allowed(user, codes)) return denied('查询离线车辆', codes);
  const minHours = Math.max(0, Math.round(hours));
  const { totals, rows } = await new FleetReportsService(deps.db).offline(
    user,
    { minHours, kind: 'all' },
    { limit: MAX_LISTED, offset: 0 },
  );
  const span = minHours % 24 === 0 ? `${minHours / 24}天` : `${minHours}小时`;
  const source = menuPath('report:offline')!;
  if (!totals || totals.n === 0)
    return { kind: 'data', text: `没有离线超过${span}的车辆。`, actions: [], source, data: { minHours, total: 0 } };
  const lines = rows.map(
    (r) =>
      `${nameOf(r)}：${r.offline_seconds === null ? '从未上线' : `已离线 ${duration(r.offline_seconds)}，最后通信 ${beijingTime(r.last_seen_at!)}`}`,
  );
  const more = totals.n > rows.length ? `\n……共 ${totals.n} 辆，完整名单见离线报表。` : '';
  const actions: AssistantAction[] = rows
    .slice(0, MAX_BUTTONS - 1)
    .map((r) => ({ type: 'onlineDetail', label: `${nameOf(r)} 在线明细`, vehicleId: r.vehicle_id }));
  actions.push({ type: 'onlineDetail', label: '全部在线明细' });
  return {
    kind: 'data',
    text: `离线超过${span}的车辆共 ${totals.n} 辆（含从未上线 ${Math.min(totals.never, totals.n)} 辆）：\n${lines.join('\n')}${more}`,
    actions,
    source,
    data: {
      minHours,
      total: totals.n,
      vehicles: rows.map((r) => ({
        vehicleId: r.vehicle_id,
        plate: r.plate,
        offlineSeconds: r.offline_seconds,
        lastSeen: r.last_seen_at && beijingTime(r.last_seen_at),
      })),
    },
  };
}

export async function expiringDevices(deps: FleetToolDeps, user: SessionUser, days: number): Promise<ToolResult> {
  const codes: PermissionCode[] = ['report:expire', 'system:terminal'];
  if (!allowed(user, codes)) return denied('查询设备到期情况', codes);
  const { totals, rows } = await new FleetReportsService(deps.db).expire(
    user,
    { withinDays: days, status: 'all' },
    { limit: MAX_LISTED, offset: 0 },
  );
  const source = menuPath('report:expire')!;
  if (!totals || totals.n === 0)
    return { kind: 'data', text: `没有已到期或 ${days} 天内到期的设备。`, actions: [], source, data: { withinDays: days, total: 0 } };
  const now = deps.now?.() ?? Date.now();
  const lines = rows.map((r) => {
    const left = Math.ceil((r.service_expires_at.getTime() - now) / DAY_MS);
    return `${nameOf(r)}（设备 ${r.identifier}）：${left <= 0 ? '已到期' : `还剩 ${left} 天`}，到期时间 ${beijingTime(r.service_expires_at).slice(0, 10)}`;
  });
  const more = totals.n > rows.length ? `\n……共 ${totals.n} 台，完整名单见到期报表。` : '';
  return {
    kind: 'data',
    text: `已到期 ${totals.expired} 台，${days} 天内到期 ${totals.expiring} 台：\n${lines.join('\n')}${more}\n续费请到 ${menuPath('system:terminal')} 勾选设备后点「续费」。`,
    actions: rows.slice(0, MAX_BUTTONS).map((r) => ({ type: 'vehicleDetail', label: `${nameOf(r)} 车辆详情`, vehicleId: r.vehicle_id })),
    source,
    data: {
      withinDays: days,
      expired: totals.expired,
      expiring: totals.expiring,
      devices: rows.map((r) => ({
        vehicleId: r.vehicle_id,
        plate: r.plate,
        terminal: r.identifier,
        expiresAt: beijingTime(r.service_expires_at),
      })),
    },
  };
}
