import { kindsOf, type AssistantAction, type PermissionCode } from '@chelian/contracts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { hasPermission } from '../../core/permissions.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { beijingTime } from '../playback/trackSheet.ts';
import { menuPath } from './knowledge.ts';
import { allowed, denied, duration, nameOf, type FleetToolDeps, type ToolResult } from './fleetTools.ts';
import { offlineNowQueries, type OfflineNowRow } from './offlineNow.queries.ts';

const MAX_LISTED = 10;
const MAX_BUTTONS = 5;

/** The rule, in the words the answer gives it: the same as 实时监控's grey (offline) vehicles. */
export function offlineRuleText(offlineAfterSeconds: number): string {
  const minutes = offlineAfterSeconds / 60;
  const span = Number.isInteger(minutes) ? `${minutes} 分钟` : `${offlineAfterSeconds} 秒`;
  return `判定与实时监控相同：终端超过 ${span}没有任何上报（定位、心跳或其他消息）即为离线，服务已到期或未绑定设备的车辆也算离线。`;
}

function line(r: OfflineNowRow, now: number): string {
  if (!r.identifier) return `${nameOf(r)}：未绑定设备`;
  if (r.expired) return `${nameOf(r)}：服务已到期`;
  if (!r.last_seen_at) return `${nameOf(r)}：从未上线`;
  return `${nameOf(r)}：已离线 ${duration(Math.max(0, Math.floor((now - r.last_seen_at.getTime()) / 1000)))}，最后通信 ${beijingTime(r.last_seen_at)}`;
}

/**
 * "现在有哪些车离线": the vehicles 实时监控 shows grey now, read with its own rule (onlineAt, the
 * terminal's presence kept by the gateway) in the asker's scope, and the threshold it used.
 */
export async function offlineNow(deps: FleetToolDeps, user: SessionUser): Promise<ToolResult> {
  const codes: PermissionCode[] = ['car:monitor', 'report:offline', 'report:online'];
  if (!allowed(user, codes)) return denied('查询离线车辆', codes);
  const now = deps.now?.() ?? Date.now();
  const { totals, rows } = await offlineNowQueries.page(deps.db, terminalScope(user), kindsOf('car'), new Date(now), MAX_LISTED);
  const rule = offlineRuleText(deps.offlineAfterSeconds);
  const source = menuPath('car:monitor')!;
  const data = {
    offlineAfterSeconds: deps.offlineAfterSeconds,
    vehicles: totals.vehicles,
    offline: totals.offline,
    list: rows.map((r) => ({
      vehicleId: r.vehicle_id,
      plate: r.plate,
      lastSeen: r.last_seen_at && beijingTime(r.last_seen_at),
      bound: r.identifier !== null,
      serviceExpired: r.expired,
    })),
  };
  if (totals.offline === 0) {
    return { kind: 'data', text: `现在没有离线的车辆（共 ${totals.vehicles} 辆，全部在线）。\n${rule}`, actions: [], source, data };
  }
  const more = totals.offline > rows.length ? `\n……共 ${totals.offline} 辆，完整名单见实时监控的「离线」页签或离线报表。` : '';
  // A button only to a page the asker has: the vehicle on 实时监控, else its 在线明细.
  const monitor = hasPermission(user.permissions, 'car:monitor');
  const online = hasPermission(user.permissions, 'report:online');
  const actions: AssistantAction[] = monitor
    ? rows.slice(0, MAX_BUTTONS).map((r) => ({ type: 'vehicleDetail', label: `${nameOf(r)} 车辆详情`, vehicleId: r.vehicle_id }))
    : online
      ? rows.slice(0, MAX_BUTTONS).map((r) => ({ type: 'onlineDetail', label: `${nameOf(r)} 在线明细`, vehicleId: r.vehicle_id }))
      : [];
  return {
    kind: 'data',
    text: `现在离线的车辆共 ${totals.offline} 辆（共 ${totals.vehicles} 辆车）：\n${rows.map((r) => line(r, now)).join('\n')}${more}\n${rule}`,
    actions,
    source,
    data,
  };
}
