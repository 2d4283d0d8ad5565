import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { eventually } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../gateway/gateway.ts';
import { DEMO_TEAM_NAME, DEMO_WORK_SITE, demoBadges } from '../modules/card/card.demo.ts';
import { demoEbikes } from '../modules/elecCar/elecCar.demo.ts';
import { demoPets } from '../modules/pet/pet.demo.ts';
import { demoCars } from '../modules/terminals/terminals.demo.ts';
import { demoTotals, startDemo, type RunningDemo } from './demo.ts';
import { DEMO_ACCOUNT_NAME, seedDemo } from './demo.seed.ts';
import { DAY_MS, addDays, beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';

let t: TestServer;
let gw: Gateway;
let demo: RunningDemo;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0, h02: 0, watch: 0 }, offlineAfterSeconds: 60 });
  demo = await startDemo(t.ctx, gw.ports, { intervalSeconds: 1 });
});
afterAll(async () => {
  demo?.stop();
  await gw?.close();
  await t?.close();
});

/** The car fleet and the e-bikes: every vehicle of the demo account. */
const demoFleet = () => [...demoCars(), ...demoEbikes()];

/** Metres between two places (equirectangular: enough for a few kilometres). */
function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180)) * 111_320;
  return Math.hypot(x, (lat2 - lat1) * 111_320);
}

const passwordFile = () => path.join(t.config.dataDir, 'demo-user.txt');

describe('demo mode', () => {
  it('seeds the demo account once: groups, ~50 vehicles over three protocols and a few e-bikes, a demo user with a generated password', async () => {
    const text = fs.readFileSync(passwordFile(), 'utf8');
    const password = /密码: (\S+)/.exec(text)![1];
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{8,32}$/);
    const session = await t.login('demo', password);

    const vehicles = (await t.call(session, { url: '/car/v4/api/vehicle/list.json?pageSize=100' })).json().obj;
    // 智能车联 lists its own kinds: the 环卫 crew's badges and the pets are not vehicles (docs/asset-kinds.md).
    const cars = vehicles.list.filter((v: { type: string }) => v.type === 'vehicle' || v.type === 'ebike');
    expect(cars.length).toBe(vehicles.list.length);
    expect(cars.length).toBe(demoFleet().length);
    expect(cars.length).toBeGreaterThanOrEqual(45);
    const groups = await t.ctx.db.query<{ name: string; n: number }>(
      `SELECT g.name, count(v.id)::int AS n FROM vehicle_groups g JOIN accounts a ON a.id = g.account_id LEFT JOIN vehicles v ON v.group_id = g.id WHERE a.name = $1 GROUP BY g.name ORDER BY g.name`,
      [DEMO_ACCOUNT_NAME],
    );
    expect(groups.map((g) => g.name).sort()).toEqual(['冷链运输', '城区配送', '网约车', '电单车'].sort());
    const protocols = await t.ctx.db.query<{ protocol: string }>(
      `SELECT DISTINCT t.protocol FROM terminals t JOIN accounts a ON a.id = t.account_id WHERE a.name = $1 ORDER BY 1`,
      [DEMO_ACCOUNT_NAME],
    );
    expect(protocols.map((p) => p.protocol)).toEqual(['gt06', 'h02', 'jt808', 'watch']);
    expect(vehicles.list.find((v: { type: string }) => v.type === 'vehicle').plate).toMatch(/^粤B\d{5}$/);
    expect(vehicles.list.filter((v: { type: string }) => v.type === 'ebike').map((v: { plate: string }) => v.plate)).toContain('深圳10001');

    // Every car, report and centre menu; nothing of system administration.
    const codes = (
      await t.ctx.db.query<{ code: string }>(
        `SELECT r.code FROM role_resources rr JOIN resources r ON r.id = rr.resource_id JOIN users u ON u.role_id = rr.role_id WHERE u.username = 'demo'`,
      )
    ).map((r) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'car:monitor',
        'car:command:send',
        'report:mileage',
        'center:notice',
        'card:monitor',
        'card:attendance',
        'pet:monitor',
        'pet:fence',
      ]),
    );
    expect(codes.some((c) => c.startsWith('system'))).toBe(false);

    // 智能工牌: the crew in its team, each with a badge; its area. 宠物卫士: the pets with collars and a zone round home.
    const staff = (await t.call(session, { url: '/card/v1/api/staff/list.json?pageSize=50' })).json().obj;
    expect(staff.list.map((s: { staffNo: string }) => s.staffNo).sort()).toEqual(
      demoBadges()
        .map((b) => b.staffNo)
        .sort(),
    );
    expect(
      staff.list.every(
        (s: { terminalId: string; teamName: string; shiftName: string }) =>
          s.terminalId !== '' && s.teamName === DEMO_TEAM_NAME && s.shiftName === '环卫白班',
      ),
    ).toBe(true);
    const areas = (await t.call(session, { url: '/card/v1/api/area/list.json' })).json().obj;
    expect(areas).toEqual([expect.objectContaining({ kind: 'polygon', assignee: expect.stringContaining(DEMO_TEAM_NAME) })]);
    const pets = (await t.call(session, { url: '/pet/v1/api/pet/list.json' })).json().obj as Array<{
      petId: number;
      name: string;
      imei: string;
    }>;
    expect(pets.map((p) => p.name).sort()).toEqual(
      demoPets()
        .map((p) => p.name)
        .sort(),
    );
    const weekAgo = Date.now() - 8 * DAY_MS;
    const petAlarms: Array<{ type: string; time: number }> = [];
    for (const pet of pets) {
      const zones = (await t.call(session, { url: `/pet/v1/api/pet/zones.json?petId=${pet.petId}` })).json().obj;
      expect(zones, pet.name).toEqual([expect.objectContaining({ name: '家', kind: 'circle' })]);
      petAlarms.push(...(await t.call(session, { url: `/pet/v1/api/pet/alarms.json?petId=${pet.petId}` })).json().obj);
    }
    // 宠物定位's 报警 list comes with the week's zone crossings (the pets were set up when their week began).
    expect(petAlarms.length).toBeGreaterThan(0);
    for (const a of petAlarms) {
      expect(['petZoneExit', 'petZoneEnter']).toContain(a.type);
      expect(a.time).toBeGreaterThan(weekAgo);
    }

    // A second start finds everything and creates nothing, password included.
    const again = await seedDemo(t.ctx, gw.ports);
    expect(again).toMatchObject({ accountId: demo.accountId, created: { terminals: 0, elecCar: 0, card: 0, pet: 0 } });
    expect(again.generatedPassword).toBeUndefined();
    expect(fs.readFileSync(passwordFile(), 'utf8')).toBe(text);
    expect((await t.ctx.db.query(`SELECT id FROM accounts WHERE name = $1`, [DEMO_ACCOUNT_NAME])).length).toBe(1);
  });

  it("shows the past week's alarms handled by a dispatcher within minutes of arriving, none as uploaded late", async () => {
    const password = /密码: (\S+)/.exec(fs.readFileSync(passwordFile(), 'utf8'))![1];
    const session = await t.login('demo', password);
    const today = beijingDayOf(Date.now());
    const range = `startDate=${addDays(today, -7)}&endDate=${addDays(today, -1)}`;
    const report = (await t.call(session, { url: `/car/v1/accelerate/report/alarm/alarmHandleReport.json?${range}` })).json().obj;
    expect(report.totals.handled).toBeGreaterThan(0);
    // handled 2–44 minutes after each came in (terminals.demo.ts handleDemoPastAlarms)
    expect(report.totals.medianSeconds).toBeGreaterThanOrEqual(120);
    expect(report.totals.p90Seconds).toBeLessThanOrEqual(44 * 60);
    const late = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alarms WHERE alarm_time < $1 AND (late OR received_at > alarm_time + interval '1 minute')`,
      [new Date(beijingDayStart(today))],
    );
    expect(late[0].n).toBe(0);
  });

  it('runs the fleet live: the demo user sees vehicles online with positions in 深圳', async () => {
    const password = /密码: (\S+)/.exec(fs.readFileSync(passwordFile(), 'utf8'))![1];
    const session = await t.login('demo', password);
    const latest = await eventually(
      async () => {
        const obj = (await t.call(session, { url: '/car/v4/api/monitor/lastPositions.json' })).json().obj as Array<{
          online: boolean;
          lat: number;
          lon: number;
          plate: string;
        }>;
        return obj.filter((p) => p.online).length >= demoFleet().length * 0.8 ? obj : null;
      },
      45_000,
      'demo vehicles online',
    );
    for (const p of latest!) {
      expect(Math.abs(p.lat - 22.59)).toBeLessThan(0.1); // the simulator's 深圳 centre (福田 梅林)
      expect(Math.abs(p.lon - 114.05)).toBeLessThan(0.1);
    }
    expect(demoTotals(demo.fleets).sent).toBeGreaterThan(0);

    // 电单车卫士: the demo's e-bikes, online with their battery from the e-bike frames.
    const ebikes = demoEbikes();
    expect(ebikes.length).toBeGreaterThanOrEqual(3);
    const bikes = await eventually(
      async () => {
        const page = (await t.call(session, { url: '/elec-car/v1/api/bike/list.json?pageSize=50' })).json().obj as {
          total: number;
          list: Array<{ plate: string; status: { online: boolean; batteryVoltage: number | null } }>;
        };
        return page.list.length === ebikes.length && page.list.every((b) => b.status.online && b.status.batteryVoltage !== null)
          ? page
          : null;
      },
      45_000,
      'demo e-bikes online with their battery',
    );
    expect(bikes!.list.map((b) => b.plate).sort()).toEqual(ebikes.map((v) => v.plate).sort());

    // The crew on its site and the pets near home, live.
    const crew = await eventually(
      async () => {
        const list = (await t.call(session, { url: '/card/v1/api/staff/list.json?pageSize=50' })).json().obj.list as Array<{
          online: boolean;
          lat: number | null;
          lon: number | null;
        }>;
        return list.every((s) => s.online && s.lat !== null) ? list : null;
      },
      45_000,
      'demo crew online with a place',
    );
    for (const s of crew!) expect(distanceMeters(s.lat!, s.lon!, DEMO_WORK_SITE.lat, DEMO_WORK_SITE.lon)).toBeLessThan(1200);
    const homes = new Map(demoPets().map((p) => [p.name, p.home]));
    const pets = await eventually(
      async () => {
        const list = (await t.call(session, { url: '/pet/v1/api/pet/list.json' })).json().obj as Array<{
          name: string;
          live: { online: boolean; lat: number | null; lon: number | null };
        }>;
        return list.length === homes.size && list.every((p) => p.live.online && p.live.lat !== null) ? list : null;
      },
      45_000,
      'demo pets online with a place',
    );
    for (const p of pets!)
      expect(distanceMeters(p.live.lat!, p.live.lon!, homes.get(p.name)!.lat, homes.get(p.name)!.lon), p.name).toBeLessThan(1500);

    // The pets come with a week of past: steps on each of the last six days, a track yesterday near home.
    const petIds = (await t.call(session, { url: '/pet/v1/api/pet/list.json' })).json().obj as Array<{ petId: number; name: string }>;
    const yesterday = new Date(Date.now() + 8 * 3_600_000 - DAY_MS).toISOString().slice(0, 10);
    for (const pet of petIds) {
      const days = (await t.call(session, { url: `/pet/v1/api/pet/activity.json?petId=${pet.petId}&endDate=${yesterday}&days=6` })).json()
        .obj.days as Array<{ day: string; steps: number }>;
      expect(
        days.every((d) => d.steps > 500),
        `${pet.name} ${JSON.stringify(days)}`,
      ).toBe(true);
      const history = (await t.call(session, { url: `/pet/v1/api/pet/history.json?petId=${pet.petId}&date=${yesterday}` })).json().obj as {
        points: Array<{ lat: number; lon: number }>;
      };
      expect(history.points.length, pet.name).toBeGreaterThan(48);
      for (const p of history.points)
        expect(distanceMeters(p.lat, p.lon, homes.get(pet.name)!.lat, homes.get(pet.name)!.lon), pet.name).toBeLessThan(1500);
    }
  }, 120_000);
});
