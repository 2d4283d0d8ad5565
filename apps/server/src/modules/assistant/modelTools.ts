import type { AssistantAction, PermissionCode } from '@chelian/contracts';
import { hasPermission } from '../../core/permissions.ts';
import { mayOpen } from './menuKnowledge.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { AssistantService } from './assistant.service.ts';
import type { FleetIntent } from './intents.ts';
import type { ModelTool } from './model.ts';

/**
 * The model's tools: the knowledge search and the five fleet questions, each bound to the
 * caller's session (the model never names a user, an account or a scope). All of them read.
 * The buttons their results carry are collected for the answer.
 */
export function modelTools(ctx: {
  service: AssistantService;
  user: SessionUser;
  requestHost: string;
  collect(actions: AssistantAction[]): void;
}): ModelTool[] {
  const { service, user, requestHost } = ctx;
  const fleet = async (intent: FleetIntent) => {
    const result = await service.runIntent(user, intent);
    ctx.collect(result.actions);
    return result.kind === 'denied' ? { denied: true, message: result.text } : result.data;
  };
  const text = (v: unknown, max = 50) => (typeof v === 'string' ? v.slice(0, max) : '');
  const number = (v: unknown, fallback: number, min: number, max: number) => {
    const n = Number(v);
    return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
  };
  return [
    {
      name: 'search_knowledge',
      description: '在平台知识库和帮助中心文章中检索使用方法、设备问题等答案',
      parameters: { type: 'object', properties: { query: { type: 'string', description: '要检索的问题' } }, required: ['query'] },
      run: async (args) => {
        const index = await service.indexFor(user);
        return index
          .rank(text(args.query, 200), 5)
          .filter((h) => !h.entry.menu || mayOpen(h.entry.menu, (code) => hasPermission(user.permissions, code as PermissionCode)))
          .slice(0, 3)
          .map((h) => ({ title: h.entry.question, answer: service.fromEntry(h.entry, user, requestHost).text }));
      },
    },
    {
      name: 'vehicle_location',
      description: '查询用户自己的一辆车（车牌号或设备号）的最新位置、速度、在线状态',
      parameters: {
        type: 'object',
        properties: { vehicle: { type: 'string', description: '车牌号或设备号，如 粤B12345' } },
        required: ['vehicle'],
      },
      run: (args) => fleet({ kind: 'location', key: text(args.vehicle) }),
    },
    {
      name: 'alarms_today',
      description: '查询今天的报警：总数、按类型统计、最新几条；可指定一辆车',
      parameters: { type: 'object', properties: { vehicle: { type: 'string', description: '车牌号或设备号，可不填' } } },
      run: (args) => fleet({ kind: 'alarmsToday', key: text(args.vehicle) || null }),
    },
    {
      name: 'mileage_ranking',
      description: '查询里程最多的车辆排名',
      parameters: { type: 'object', properties: { period: { type: 'string', enum: ['today', 'week', 'month'] } } },
      run: (args) => fleet({ kind: 'mileageTop', period: args.period === 'today' || args.period === 'month' ? args.period : 'week' }),
    },
    {
      name: 'offline_vehicles',
      description: '查询现在离线的车辆（与实时监控的判定相同，并给出判定用的离线时长），或离线超过指定小时数的车辆',
      parameters: { type: 'object', properties: { hours: { type: 'number', description: '离线至少多少小时；不填为现在离线的全部车辆' } } },
      run: (args) =>
        fleet(
          args.hours === undefined || args.hours === null
            ? { kind: 'offlineNow' }
            : { kind: 'offline', hours: number(args.hours, 24, 0, 24 * 3650) },
        ),
    },
    {
      name: 'expiring_devices',
      description: '查询已到期和即将到期的设备',
      parameters: { type: 'object', properties: { days: { type: 'number', description: '多少天内到期，默认 30' } } },
      run: (args) => fleet({ kind: 'expiring', days: Math.round(number(args.days, 30, 1, 3660)) }),
    },
  ];
}
