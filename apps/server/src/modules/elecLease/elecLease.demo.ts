/**
 * The demo's 电单车租赁 operator, on the demo's five e-bikes: two stores with their staff, riders
 * (one blacklisted), the four kinds of plan, and a contract in every state — one overdue past its
 * grace period and locked, one running, one awaiting payment (bills paid in part), one returned,
 * one cancelled — made through the lease's own services, then one pass of the lease clock (which
 * bills the late fees, reminds and locks the overdue one, as it does every minute).
 */
import { LEASE_BACKDATE_DAYS } from '@chelian/contracts';
import { cityByName } from '@chelian/simulator';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { adminQueries } from '../accounts/admin.queries.ts';
import { hashPassword } from '../auth/password.ts';
import { demoEbikes } from '../elecCar/elecCar.demo.ts';
import type { DemoPart } from '../feature.ts';
import { createFence, GEOFENCE_CHANGED } from '../geofences/geofences.service.ts';
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { demoIdNumber } from '../terminals/terminals.demo.ts';
import { recordPayment } from './billing.service.ts';
import { createContract, giveBack, handover, terminate, visibleContract } from './contracts.service.ts';
import { runLeaseJob } from './leaseJob.ts';
import { operatorQueries } from './operator.queries.ts';
import { plansQueries } from './plans.queries.ts';
import { savePlan } from './plans.ts';
import { ridersQueries } from './riders.queries.ts';
import { saveRider } from './riders.service.ts';
import { leaseVehiclesQueries } from './vehicles.queries.ts';

export const DEMO_STORES = [
  { name: '福田梅林店', address: '深圳市福田区梅林路48号', phone: '0755-83100001' },
  { name: '南山科技园店', address: '深圳市南山区科苑路15号', phone: '0755-86100002' },
] as const;

/** Staff besides the demo user (店长 of the first store): users of the demo account nobody logs in as until given a password. */
const STAFF = [
  { username: 'demo_clerk', name: '林小红', store: 0, position: 'clerk' },
  { username: 'demo_ops', name: '邓志勇', store: 1, position: 'maintenance' },
] as const;

const RIDERS = [
  { name: '刘德胜', phone: '13912340001', emergencyName: '刘芳', emergencyPhone: '13912349001' },
  { name: '陈美玲', phone: '13912340002', emergencyName: '陈刚', emergencyPhone: '13912349002' },
  { name: '黄志伟', phone: '13912340003', emergencyName: '', emergencyPhone: '' },
  { name: '杨思琪', phone: '13912340004', emergencyName: '杨军', emergencyPhone: '13912349004' },
  { name: '马文涛', phone: '13912340005', emergencyName: '', emergencyPhone: '' },
  { name: '欧阳娜', phone: '13912340006', emergencyName: '', emergencyPhone: '' },
] as const;

/** Fen: 日租 15 元, 周租 90 元, 月租 300 元, 以租代购 12 期 × 260 元. */
const PLANS = [
  { name: '日租', kind: 'daily', rentFen: 1500, depositFen: 30_000, insuranceFen: 500, lateFeeFen: 500 },
  { name: '周租', kind: 'weekly', rentFen: 9000, depositFen: 50_000, insuranceFen: 1500, lateFeeFen: 1000 },
  { name: '月租', kind: 'monthly', rentFen: 30_000, depositFen: 50_000, insuranceFen: 3000, lateFeeFen: 1500 },
  { name: '以租代购', kind: 'rentToOwn', rentFen: 26_000, depositFen: 20_000, insuranceFen: 3000, lateFeeFen: 1500, periods: 12 },
] as const;

/** Metres as degrees near 深圳. */
const METERS_PER_DEGREE = 111_320;

/**
 * 服务区域: the operating area (a square 10 km across round the e-bikes' city centre, wider than the
 * 4 km they ride from it) and a return point at the first store, marked as the lease's areas.
 */
async function seedDemoAreas(ctx: AppContext, operator: SessionUser): Promise<void> {
  const centre = cityByName('深圳')!;
  const half = 5000 / METERS_PER_DEGREE;
  const halfLon = half / Math.cos((centre.lat * Math.PI) / 180);
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const corners: Array<[number, number]> = [
    [centre.lon - halfLon, centre.lat - half],
    [centre.lon + halfLon, centre.lat - half],
    [centre.lon + halfLon, centre.lat + half],
    [centre.lon - halfLon, centre.lat + half],
  ];
  const ring = [...corners, corners[0]!].map(([x, y]) => [round(x), round(y)] as [number, number]);
  const boundary = await createFence(ctx.db, operator, {
    name: '福田南山运营区',
    kind: 'polygon',
    rings: [ring],
    alarmEnter: false,
    alarmExit: false,
    remark: '演示：电单车租赁的运营区域',
  });
  const returnPoint = await createFence(ctx.db, operator, {
    name: '梅林店还车点',
    kind: 'circle',
    center: [round(centre.lon), round(centre.lat)],
    radius: 150,
    alarmEnter: false,
    alarmExit: false,
    remark: '演示：福田梅林店门前',
  });
  // What 服务区域's 设置区域 writes (risk.routes.ts setArea).
  for (const [geofenceId, kind] of [
    [boundary, 'boundary'],
    [returnPoint, 'returnPoint'],
  ] as const)
    await ctx.db.query(
      `INSERT INTO elec_lease_areas (geofence_id, account_id, kind) VALUES ($1, $2, $3) ON CONFLICT (geofence_id) DO NOTHING`,
      [geofenceId, operator.accountId, kind],
    );
  ctx.bus.publish(GEOFENCE_CHANGED, {});
}

/** The Beijing day `days` ago, as a lease's start entered after the fact. */
const daysAgo = (days: number) => addDays(beijingDayOf(Date.now()), -Math.min(days, LEASE_BACKDATE_DAYS));

export async function seedDemoLease(ctx: AppContext, operator: SessionUser): Promise<number> {
  const { db, bus } = ctx;
  // Seeded once: an operator with plans already has its own lease data.
  if ((await plansQueries.list(db, operator.accountPath)).length > 0) return 0;

  const storeIds: number[] = [];
  for (const s of DEMO_STORES) {
    const id = await operatorQueries.insertStore(db, operator.accountId, s);
    if (id !== undefined) storeIds.push(Number(id));
  }
  if (storeIds.length !== DEMO_STORES.length) return 0;
  await operatorQueries.assign(db, operator.userId, storeIds[0]!, 'manager');
  await seedDemoAreas(ctx, operator);
  for (const s of STAFF) {
    const [taken] = await db.query('SELECT 1 FROM users WHERE username = $1', [s.username]);
    if (taken) continue;
    const userId = await adminQueries.insertUser(db, {
      accountId: operator.accountId,
      roleId: operator.roleId,
      username: s.username,
      name: s.name,
      phone: '',
      passwordHash: await hashPassword(`demo-${Math.random().toString(36).slice(2)}A1`),
    });
    await operatorQueries.assign(db, userId, storeIds[s.store]!, s.position);
  }

  const riderIds: number[] = [];
  for (const [i, r] of RIDERS.entries()) riderIds.push(await saveRider(db, operator, { ...r, idNumber: demoIdNumber(20 + i) }));
  await ridersQueries.blacklist(db, riderIds[5]!, true, '多次逾期未还，拒绝再租');

  const planIds: Record<string, number> = {};
  for (const p of PLANS) planIds[p.kind] = await savePlan(db, operator, { ...p });

  // The demo e-bikes are 电单车卫士's already: each becomes a rental bike of a store (code DC001…).
  const bikes = demoEbikes();
  const vehicles = await db.query<{ id: number; plate: string }>(
    'SELECT id, plate FROM vehicles WHERE account_id = $1 AND plate = ANY($2::text[]) ORDER BY plate',
    [operator.accountId, bikes.map((b) => b.plate)],
  );
  for (const [i, v] of vehicles.entries()) {
    await leaseVehiclesQueries.insert(db, {
      vehicleId: Number(v.id),
      accountId: operator.accountId,
      code: `DC${String(i + 1).padStart(3, '0')}`,
      storeId: storeIds[i % storeIds.length]!,
      batteryModel: '48V20Ah 锂电',
    });
  }
  if (vehicles.length < 5) return storeIds.length + riderIds.length;
  const [overdueBike, runningBike, pendingBike, returnedBike, cancelledBike] = vehicles.map((v) => Number(v.id));

  let ref = 0;
  const pay = async (contractId: number, method: 'wechat' | 'alipay' | 'cash', amountFen?: number) => {
    const c = await visibleContract(db, operator, contractId);
    const prefix = { wechat: '4200002026', alipay: '2026120122001', cash: 'XJ2026' }[method];
    await db.tx((q) =>
      recordPayment(q, c, {
        method,
        ref: `${prefix}${String(++ref).padStart(6, '0')}`,
        amountFen: amountFen ?? c.owed_fen,
        note: '演示',
        userName: operator.username,
      }),
    );
  };
  const rent = async (riderId: number, vehicleId: number, plan: string) =>
    createContract(db, operator, { riderId, vehicleId, planId: planIds[plan]! });

  // Returned: a week's rent, given back with the deposit refunded.
  const returned = await rent(riderIds[3]!, returnedBike!, 'weekly');
  await pay(returned, 'wechat');
  await handover(db, operator, { contractId: returned, batteryPercent: 95, note: '车况良好', startDate: daysAgo(6) });
  await giveBack(db, bus, operator, { contractId: returned, refundMethod: 'wechat', batteryPercent: 40, note: '按时还车' });

  // Cancelled: the rider changed their mind before paying.
  const cancelled = await rent(riderIds[4]!, cancelledBike!, 'daily');
  await terminate(db, bus, operator, { contractId: cancelled, note: '骑手取消' });

  // Running: a month's rent paid, handed over five days ago.
  const running = await rent(riderIds[1]!, runningBike!, 'monthly');
  await pay(running, 'alipay');
  await handover(db, operator, { contractId: running, batteryPercent: 100, note: '新车交付', startDate: daysAgo(5) });

  // Awaiting payment: the deposit paid in cash, insurance and rent still owed.
  const pending = await rent(riderIds[2]!, pendingBike!, 'rentToOwn');
  await pay(pending, 'cash', PLANS[3].depositFen);

  // Overdue: one day paid, handed over a week ago; the lease clock makes it overdue and locks it (grace 3 days).
  const overdue = await rent(riderIds[0]!, overdueBike!, 'daily');
  await pay(overdue, 'wechat');
  await handover(db, operator, { contractId: overdue, batteryPercent: 90, note: '左后视镜有划痕', startDate: daysAgo(7) });
  await runLeaseJob(db, bus, new Date(), ctx.smsGateway);

  return storeIds.length + riderIds.length + 5;
}

/** Only data: the bikes are the demo e-bikes, which 电单车卫士's part drives. */
export const elecLeaseDemo: DemoPart = {
  menus: ['lease'],
  protocols: ['gt06'],
  seed: seedDemoLease,
  drive: () => [],
};
