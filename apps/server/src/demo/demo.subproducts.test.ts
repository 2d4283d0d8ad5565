import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteWalker, Rng, WALKER } from '@chelian/simulator';
import { beijingMidnight } from '@chelian/contracts';
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { eventually } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../gateway/gateway.ts';
import { DEMO_WORK_SITE, demoBadges } from '../modules/card/card.demo.ts';
import { scoreRun } from '../modules/card/patrol.ts';
import { DEMO_MISSED_PLAN, DEMO_PATROLLERS, DEMO_PATROL_PLAN, demoPatrolRoute, demoPatrolRouteOf } from '../modules/card/patrol.demo.ts';
import { demoEbikes } from '../modules/elecCar/elecCar.demo.ts';
import { startEngines, type PositionEngine } from '../modules/feature.ts';
import { features } from '../modules/features.ts';
import { demoCars } from '../modules/terminals/terminals.demo.ts';
import { startDemo, type RunningDemo } from './demo.ts';
import { seedDemo } from './demo.seed.ts';

/**
 * The first start of `--demo` shows real work in every sub-product (issue 35, item 1): 新国标's
 * registry in every review state, 电单车租赁's operator with a contract in every state, 智能工牌's
 * patrols done and missed with their alarms, and a past week in the reports and the data centre.
 */
let t: TestServer;
let gw: Gateway;
let demo: RunningDemo;
let engines: PositionEngine[] = [];
let session: string;
let seedMs = 0;
const today = beijingDayOf(Date.now());
const yesterday = addDays(today, -1);

beforeAll(async () => {
  t = await createTestServer();
  // The position engines run beside the gateway, as in `npm start -- --demo`.
  engines = await startEngines(features, t.ctx);
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0, h02: 0, watch: 0 }, offlineAfterSeconds: 60 });
  const started = Date.now();
  demo = await startDemo(t.ctx, gw.ports, { intervalSeconds: 1, password: 'demo2026pass' });
  seedMs = Date.now() - started;
  session = await t.login('demo', 'demo2026pass');
}, 600_000);
afterAll(async () => {
  demo?.stop();
  await gw?.close();
  for (const engine of engines) await engine.stop();
  await t?.close();
});

const get = async <T>(url: string): Promise<T> => {
  const body = (await t.call(session, { url })).json();
  expect(body.flag, `${url}: ${body.msg}`).toBe(1);
  return body.obj as T;
};
const states = (rows: Array<Record<string, unknown>>, key: string) => [...new Set(rows.map((r) => String(r[key])))].sort();

describe('the demo’s first start', () => {
  it('seeds 新国标: bikes registered, pending and rejected, declarations pending, approved and rejected, modules on the demo e-bikes', async () => {
    console.info(`demo seed and start: ${seedMs} ms`);
    const bikes = await get<{ list: Array<{ state: string; terminalId: string; issues: string[]; created: number }> }>(
      '/elec-gb/v1/api/bike/list.json?pageSize=50',
    );
    expect(states(bikes.list, 'state')).toEqual(['pending', 'registered', 'rejected']);
    const modules = bikes.list.map((b) => b.terminalId).filter(Boolean);
    expect(modules.sort()).toEqual(
      demoEbikes()
        .map((b) => b.spec.id)
        .sort(),
    );
    // registered one a day over the past week: 统计分析's 新增备案 has a week's trend
    expect(new Set(bikes.list.map((b) => beijingDayOf(b.created))).size).toBe(bikes.list.length);
    expect(bikes.list.some((b) => b.issues.length === 0)).toBe(true);
    expect(bikes.list.some((b) => b.issues.length > 0)).toBe(true);
    const declarations = await get<{ list: Array<{ status: string }> }>('/elec-gb/v1/api/declare/list.json?pageSize=50');
    expect(states(declarations.list, 'status')).toEqual(['approved', 'pending', 'rejected']);
    // 报警记录: the swapped pack is told from the module's first BMS report.
    const alarms = await eventually(
      async () => {
        const page = await get<{ list: Array<{ type: string }> }>('/elec-gb/v1/api/alarm/list.json?pageSize=50');
        return page.list.some((a) => a.type === 'batteryMismatch') ? page : null;
      },
      60_000,
      '新国标 battery mismatch alarm',
    );
    expect(alarms!.list.length).toBeGreaterThan(0);
  }, 120_000);

  it('seeds 电单车租赁: stores with staff, riders (one blacklisted), four plans, a contract in every state on the demo e-bikes', async () => {
    const stores = await get<Array<{ staffCount: number; vehicleCount: number }>>('/elec-lease/v1/api/store/list.json');
    expect(stores.length).toBe(2);
    expect(stores.every((s) => s.staffCount > 0 && s.vehicleCount > 0)).toBe(true);
    const riders = await get<{ list: Array<{ blacklisted: boolean }> }>('/elec-lease/v1/api/rider/list.json?pageSize=50');
    expect(riders.list.length).toBeGreaterThanOrEqual(5);
    expect(riders.list.filter((r) => r.blacklisted).length).toBe(1);
    const plans = await get<Array<{ kind: string }>>('/elec-lease/v1/api/plan/list.json');
    expect(states(plans, 'kind')).toEqual(['daily', 'monthly', 'rentToOwn', 'weekly']);
    const vehicles = await get<{ list: Array<{ plate: string; state: string }> }>('/elec-lease/v1/api/vehicle/list.json?pageSize=50');
    expect(vehicles.list.map((v) => v.plate).sort()).toEqual(
      demoEbikes()
        .map((b) => b.plate)
        .sort(),
    );

    const contracts = await get<{ list: Array<{ status: string; lockReason: string; contractId: number }> }>(
      '/elec-lease/v1/api/contract/list.json?pageSize=50',
    );
    expect(states(contracts.list, 'status')).toEqual(['active', 'cancelled', 'overdue', 'pending', 'returned']);
    const overdue = contracts.list.find((c) => c.status === 'overdue')!;
    expect(overdue.lockReason).toBe('overdue');
    const locks = await get<{ list: Array<{ action: string; trigger: string }> }>(
      `/elec-lease/v1/api/risk/locks.json?contractId=${overdue.contractId}`,
    );
    expect(locks.list).toEqual([expect.objectContaining({ action: 'lock', trigger: 'overdue' })]);
    const bills = await get<{ list: Array<{ status: string; kind: string }> }>('/elec-lease/v1/api/bill/list.json?pageSize=100');
    expect(states(bills.list, 'status')).toEqual(expect.arrayContaining(['paid', 'unpaid']));
    expect(bills.list.some((b) => b.kind === 'lateFee')).toBe(true);
    const areas = await get<Array<{ kind: string }>>('/elec-lease/v1/api/area/list.json');
    expect(states(areas, 'kind')).toEqual(expect.arrayContaining(['boundary', 'returnPoint']));
    const ledger = await get<{ balanced: boolean }>('/elec-lease/v1/api/ledger/summary.json');
    expect(ledger.balanced).toBe(true);
  });

  it('the patrollers’ walk passes every checkpoint of their round within each window', () => {
    const site = DEMO_WORK_SITE;
    const points = demoPatrolRoute(site).map((c, i) => ({ id: i, lat: c.lat, lon: c.lon, radius: 50, beacon: '' }));
    for (const staffNo of DEMO_PATROLLERS) {
      const badge = demoBadges().find((b) => b.staffNo === staffNo)!;
      // The live badge's walker (simulator fleet.ts: WALKER, the route), reporting every minute through an hour's window.
      const walker = new RouteWalker(
        { ...WALKER, city: badge.spec.city, rng: new Rng(badge.spec.seed).fork(1) },
        demoPatrolRouteOf(staffNo, site),
      );
      const start = beijingMidnight(yesterday) + 8.5 * 3_600_000;
      const track = { times: [] as number[], lat: [] as number[], lon: [] as number[], beacon: [] as string[], who: [] as number[] };
      for (let m = 0; m <= 60; m++) {
        const fix = walker.fix();
        track.times.push(start + m * 60_000);
        track.lat.push(fix.lat);
        track.lon.push(fix.lon);
        track.beacon.push('');
        track.who.push(0);
        walker.step(60);
      }
      const run = scoreRun(yesterday, { start: 8.5 * 60, end: 9.5 * 60 }, 10, points, track, Date.now());
      expect(run.status, staffNo).toBe('done');
    }
  });

  it('seeds 智能工牌’s patrols: yesterday’s round done, the transfer station missed, its 漏巡报警 in the alarm centre', async () => {
    const runs = await get<Array<{ planName: string; status: string; visits: Array<{ name: string; status: string }> }>>(
      `/card/v1/api/patrol/runs.json?date=${yesterday}`,
    );
    const round = runs.filter((r) => r.planName === DEMO_PATROL_PLAN);
    expect(round.length).toBe(4);
    expect(round.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    const missed = runs.filter((r) => r.planName === DEMO_MISSED_PLAN);
    expect(missed.map((r) => r.status)).toEqual(['missed', 'missed']);
    for (const r of missed) {
      expect(r.visits.filter((v) => v.status === 'missed').map((v) => v.name)).toEqual(['福田垃圾转运站']);
      expect(r.visits.filter((v) => v.status === 'done').length).toBe(2);
    }
    // Two missed runs a day, each an alarm per patroller, for every past day. Today is left out:
    // once today's windows close (11:00 and 17:00 Beijing) the live engine adds today's own.
    for (let d = 1; d <= 7; d++) {
      const day = addDays(today, -d);
      const alarms = await get<{ total: number }>(`/card/v1/api/alarm/list.json?type=missedCheckpoint&date=${day}&pageSize=10`);
      expect(alarms.total, day).toBe(2 * DEMO_PATROLLERS.length);
    }
  });

  it('gives the reports and the data centre a past week: mileage every day, trips in 行程停留, the centre’s days', async () => {
    const fleet = demoCars().length + demoEbikes().length;
    for (let d = 1; d <= 6; d++) {
      const day = addDays(today, -d);
      const mileage = await get<{ list: Array<{ mileageKm: number }> }>(
        `/car/v1/accelerate/report/mileage/dayMileage.json?startDate=${day}&endDate=${day}&pageSize=100`,
      );
      expect(mileage.list.filter((r) => r.mileageKm > 0).length, day).toBeGreaterThanOrEqual(fleet * 0.9);
    }
    // The week's 平台超速报警 are 超速报表's episodes, day by day.
    for (const day of [addDays(today, -3), yesterday]) {
      const report = await get<{ totals: { episodes: number } }>(
        `/car/v1/accelerate/report/overspeed/overspeedReport.json?startDate=${day}&endDate=${day}&pageSize=10`,
      );
      const alarms = await get<{ total: number }>(
        `/car/v1/accelerate/report/alarm/alarmDetail.json?startDate=${day}&endDate=${day}&types=platformOverspeed&pageSize=10`,
      );
      expect(report.totals.episodes, day).toBeGreaterThan(0);
      expect(alarms.total, day).toBe(report.totals.episodes);
    }
    const online = await get<{ list: Array<{ onlineRate: number | null }> }>(
      `/car/v1/accelerate/report/online/dayOnline.json?startDate=${yesterday}&endDate=${yesterday}&pageSize=100`,
    );
    expect(online.list.filter((r) => (r.onlineRate ?? 0) > 0.3).length).toBeGreaterThanOrEqual(demoCars().length);

    const bikes = await get<{ list: Array<{ bikeId: number }> }>('/elec-car/v1/api/bike/list.json?pageSize=50');
    for (const bike of bikes.list) {
      const trips = await get<{ trips: unknown[]; stops: unknown[] }>(
        `/elec-car/v1/api/bike/trips.json?bikeId=${bike.bikeId}&startDate=${addDays(today, -6)}&endDate=${today}`,
      );
      expect(trips.trips.length).toBeGreaterThan(6);
      expect(trips.stops.length).toBeGreaterThan(6);
    }

    const centre = await get<{ days: Array<{ day: string; mileageKm: number; activeVehicles: number }> }>(
      '/car/v4/api/dataCenter/overview.json',
    );
    const week = centre.days.filter((d) => d.day >= addDays(today, -6) && d.day < today);
    expect(week.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1].map((n) => addDays(today, -n)));
    expect(
      week.filter((d) => d.mileageKm > 0 && d.activeVehicles > 0).map((d) => d.day),
      JSON.stringify(week),
    ).toEqual(week.map((d) => d.day));
  });

  it('creates nothing on a second start', async () => {
    const again = await seedDemo(t.ctx, gw.ports);
    expect(Object.values(again.created).every((n) => n === 0)).toBe(true);
    const contracts = await get<{ total: number }>('/elec-lease/v1/api/contract/list.json');
    expect(contracts.total).toBe(5);
  });
});
