/**
 * A simulated pet collar (`--protocol watch --pet`) on the real gateway over TCP, bound to a pet
 * of 宠物卫士 with a home safe zone: it roams around home and reports (its LK heartbeats carrying
 * steps and battery), runs off and raises one 离开安全区域 and, back home, one 进入安全区域; it obeys
 * lost mode's UPLOAD,15 and keeps the fast rate while the pet sleeps, drops back when lost mode
 * ends, rings on FIND; and the day's steps the platform computes are the collar's own count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { createTestServer, form, type TestServer } from '@chelian/server/src/testing/testServer.ts';
import { createTenant, type Tenant } from '@chelian/server/src/testing/fixtures.ts';
import { eventually } from '@chelian/server/src/testing/testTerminal.ts';
import { startGateway, type Gateway } from '@chelian/server/src/gateway/gateway.ts';
import { startPetZoneEngine, type PetZoneEngineHandle } from '@chelian/server/src/modules/pet/petZoneEngine.ts';
import { cityByName } from './cities.ts';
import { Fleet, planTerminals } from './fleet.ts';
import type { PetCollar } from './petCollar.ts';

let t: TestServer;
let gw: Gateway;
let engine: PetZoneEngineHandle;
let tenant: Tenant;
let fleet: Fleet;
let petId = 0;
const HOME = { lat: 31.2304, lon: 121.4737 };
const [spec] = planTerminals({ count: 1, protocol: 'watch', seed: 20, idBlock: 61, cities: [cityByName('上海')!] });
const api = '/pet/v1/api';
const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(tenant.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (url: string) => t.call(tenant.sessionId, { url }).then((r) => r.json());
const collar = () => fleet.terminals[0] as PetCollar;
const alarmTypes = async () =>
  (
    await t.ctx.db.query<{ type: string }>(
      'SELECT a.type FROM alarms a JOIN terminals t ON t.id = a.terminal_id WHERE t.identifier = $1 ORDER BY a.id',
      [spec!.id],
    )
  ).map((r) => r.type);

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  engine = startPetZoneEngine(t.ctx);
  tenant = await createTenant(t, { codes: 'all' });
  expect((await post('/car/v4/api/terminal/add.json', { terminalId: spec!.id, protocol: 'watch' })).flag).toBe(1);
  petId = (await post(`${api}/pet/save.json`, { name: '球球', imei: spec!.id })).obj.petId;
  expect((await post(`${api}/pet/zoneSave.json`, { petId, name: '家', kind: 'circle', ...HOME, radiusMeters: 100 })).flag).toBe(1);
  fleet = new Fleet([spec!], {
    host: '127.0.0.1',
    ports: gw.ports,
    intervalSeconds: 1,
    heartbeatSeconds: 2,
    reconnectMinMs: 200,
    reconnectMaxMs: 1000,
    pet: { home: HOME, homeRadiusMeters: 30, excursionsPerHour: 0, runKmh: 60 },
  });
  collar().pet.hold('active'); // whatever the hour in Beijing
  await fleet.start();
});
afterAll(async () => {
  fleet?.stop();
  engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('a simulated pet collar on the real gateway', () => {
  it('roams around home and reports, its heartbeats carrying steps and a draining battery', async () => {
    await eventually(() => collar().state === 'online' && collar().delivery.sent >= 4, 15_000, 'collar reporting');
    const fixes = await t.ctx.db.query<{ lat: number; lon: number }>(
      'SELECT p.lat, p.lon FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1',
      [spec!.id],
    );
    expect(fixes.length).toBeGreaterThanOrEqual(3);
    for (const f of fixes) expect(distanceMeters([HOME.lon, HOME.lat], [f.lon, f.lat])).toBeLessThanOrEqual(31);
    await eventually(
      async () => {
        const rows = await t.ctx.db.query<{ steps: number | null; battery: number | null }>(
          'SELECT s.steps, s.battery FROM terminal_status_reports s JOIN terminals t ON t.id = s.terminal_id WHERE t.identifier = $1 ORDER BY s.at DESC LIMIT 1',
          [spec!.id],
        );
        return rows[0] && Number(rows[0].steps) > 0 && rows[0].battery !== null && rows[0].battery <= 100;
      },
      10_000,
      'steps and battery stored',
    );
    expect(collar().cell.percent).toBeLessThan(100);
    expect((await get(`${api}/pet/detail.json?petId=${petId}`)).obj.live).toMatchObject({ freshness: 'fresh', source: 'gps' });
  });

  it('runs off: one 离开安全区域; found and home: one 进入安全区域, however many fixes on each side', async () => {
    collar().pet.runOff(200, 45);
    await eventually(async () => (await alarmTypes()).includes('petZoneExit'), 20_000, 'exit alarm');
    const out = collar().delivery.sent;
    await eventually(() => collar().delivery.sent >= out + 5 && collar().pet.distanceFromHome > 170, 20_000, 'more fixes outside');
    await engine.settle();
    expect(await alarmTypes()).toEqual(['petZoneExit']);
    collar().pet.comeHome();
    await eventually(async () => (await alarmTypes()).includes('petZoneEnter'), 30_000, 'entry alarm');
    const back = collar().delivery.sent;
    await eventually(() => collar().delivery.sent >= back + 5, 20_000, 'more fixes inside');
    await engine.settle();
    expect(await alarmTypes()).toEqual(['petZoneExit', 'petZoneEnter']);
  }, 90_000);

  it('obeys lost mode (UPLOAD,15, kept while the pet sleeps) and its end, and rings on FIND', async () => {
    collar().pet.hold('sleep');
    const on = await post(`${api}/pet/lostMode.json`, { petId, on: true, minutes: 30 });
    expect(on.flag, JSON.stringify(on)).toBe(1);
    await eventually(() => collar().intervalSeconds === 15, 10_000, 'UPLOAD,15');
    expect(collar().tracking).toBe(true);
    // The pet sleeps, yet the collar in lost mode keeps reporting every 15 s.
    const from = collar().delivery.sent;
    await eventually(() => collar().delivery.sent >= from + 2, 40_000, 'reports while asleep');
    expect(collar().pet.phase).toBe('parked');
    expect((await post(`${api}/pet/lostMode.json`, { petId, on: false })).flag).toBe(1);
    await eventually(() => collar().intervalSeconds === 300, 10_000, 'UPLOAD,300');
    expect(collar().tracking).toBe(false);
    expect(collar().intervals.map((i) => i.seconds)).toEqual([15, 300]);
    // Back at the normal rate, a sleeping pet's collar sends only heartbeats for half an hour.
    const quiet = collar().delivery.sent;
    await new Promise((r) => setTimeout(r, 3000));
    expect(collar().delivery.sent).toBe(quiet);

    expect((await post(`${api}/pet/find.json`, { petId })).flag).toBe(1);
    await eventually(() => collar().rangAt.length === 1, 10_000, 'FIND rang');
    expect(collar().watch.rings).toBe(1);
  }, 90_000);

  it("computes the day's steps the collar counted", async () => {
    // Asleep, the count stands still; the next heartbeat carries it.
    const count = collar().pet.steps;
    expect(count).toBeGreaterThan(100);
    await eventually(
      async () => {
        const days = (await get(`${api}/pet/activity.json?petId=${petId}&days=1`)).obj.days as { steps: number }[];
        return days[0]!.steps === count;
      },
      10_000,
      `today's steps ${count}`,
    );
  });
});
