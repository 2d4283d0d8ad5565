/**
 * 宠物卫士 safe zones over a real watch-protocol collar (TCP through the gateway): a home circle and
 * a polygon, checked input, a foreign tenant seeing nothing; a walk out across the edges with
 * jitter raises exactly one exit alarm (the circle's; the polygon's exit is switched off) and no
 * flapping, and the walk back raises one entry per zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCodec, encodeWatchLink, encodeWatchReport } from '@chelian/protocols/watch/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startPetZoneEngine, type PetZoneEngineHandle } from './petZoneEngine.ts';

let t: TestServer;
let gw: Gateway;
let engine: PetZoneEngineHandle;
let a: Tenant;
let b: Tenant;
const ID = '9100000952';
const api = '/pet/v1/api';
const HOME = { lon: 114.0579, lat: 22.5431 };
const M_LAT = 1 / 111_320;
const M_LON = 1 / (111_320 * Math.cos((HOME.lat * Math.PI) / 180));
let petId = 0;
let circleId = 0;
/** The newest fix the gateway has fed the engines: latest_positions shows a fix once it commits, a moment before the engines are handed it. */
let fedUpTo = 0;
let offFed: (() => void) | undefined;
const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  engine = startPetZoneEngine(t.ctx);
  offFed = t.ctx.positionFeed.subscribe({ fixes: (fixes) => void (fedUpTo = Math.max(fedUpTo, fixes[fixes.length - 1]!.gpsTime)) });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: ID, protocol: 'watch' })).flag).toBe(1);
  petId = (await post(a.sessionId, `${api}/pet/save.json`, { name: '旺财', imei: ID })).obj.petId;
});
afterAll(async () => {
  offFed?.();
  engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('safe zones', () => {
  it('saves a home circle and a polygon, refusing bad shapes and foreign callers', async () => {
    const circle = await post(a.sessionId, `${api}/pet/zoneSave.json`, { petId, name: '家', kind: 'circle', ...HOME, radiusMeters: 100 });
    expect(circle.flag, JSON.stringify(circle)).toBe(1);
    circleId = circle.obj.zoneId;
    expect(circle.obj).toMatchObject({
      name: '家',
      kindName: '圆形',
      lon: HOME.lon,
      lat: HOME.lat,
      radiusMeters: 100,
      alarmExit: true,
      alarmEnter: true,
      inside: null,
    });
    // A square of 120 m around home whose exit alarm is switched off.
    const corners = [
      [-60, -60],
      [60, -60],
      [60, 60],
      [-60, 60],
    ]
      .map(([e, n]) => `${HOME.lon + e! * M_LON},${HOME.lat + n! * M_LAT}`)
      .join(';');
    const square = await post(a.sessionId, `${api}/pet/zoneSave.json`, {
      petId,
      name: '小区',
      kind: 'polygon',
      points: corners,
      alarmExit: false,
    });
    expect(square.flag, JSON.stringify(square)).toBe(1);
    expect(square.obj).toMatchObject({ kindName: '多边形', alarmExit: false, alarmEnter: true });
    expect(square.obj.points).toHaveLength(4);

    expect(
      await post(a.sessionId, `${api}/pet/zoneSave.json`, { petId, name: '小', kind: 'circle', ...HOME, radiusMeters: 30 }),
    ).toMatchObject({ flag: 0, msg: '安全区域半径应在50到5000米之间' });
    expect(
      await post(a.sessionId, `${api}/pet/zoneSave.json`, { petId, name: '线', kind: 'polygon', points: '114,22;114.1,22' }),
    ).toMatchObject({ flag: 0, errorCode: 'pet.zonePoints' });
    expect(
      await post(a.sessionId, `${api}/pet/zoneSave.json`, { petId, name: '坏', kind: 'polygon', points: '114,22;abc,22;114,23' }),
    ).toMatchObject({ flag: 0, errorCode: 'pet.zonePoints' });
    expect(
      await post(a.sessionId, `${api}/pet/zoneSave.json`, { petId, name: '家', kind: 'circle', lon: 200, lat: 22, radiusMeters: 100 }),
    ).toMatchObject({ flag: 0, msg: '圆心填写不正确' });

    const missingPet = { flag: 0, errorCode: 'pet.petNotVisible', msg: '宠物不存在或无权访问' };
    expect(await get(b.sessionId, `${api}/pet/zones.json?petId=${petId}`)).toMatchObject(missingPet);
    expect(
      await post(b.sessionId, `${api}/pet/zoneSave.json`, { petId, name: '家', kind: 'circle', ...HOME, radiusMeters: 100 }),
    ).toMatchObject(missingPet);
    expect(await post(b.sessionId, `${api}/pet/zoneRemove.json`, { zoneId: circleId })).toMatchObject({
      flag: 0,
      errorCode: 'pet.zoneNotVisible',
      msg: '安全区域不存在或无权访问',
    });
    const other = (await post(b.sessionId, `${api}/pet/save.json`, { name: '别家的狗' })).obj.petId;
    expect(
      await post(b.sessionId, `${api}/pet/zoneSave.json`, {
        petId: other,
        zoneId: circleId,
        name: '偷改',
        kind: 'circle',
        ...HOME,
        radiusMeters: 100,
      }),
    ).toMatchObject({ flag: 0, errorCode: 'pet.zoneNotVisible' });
    expect((await get(a.sessionId, `${api}/pet/zones.json?petId=${petId}`)).obj.map((z: { name: string }) => z.name)).toEqual([
      '家',
      '小区',
    ]);
  });

  it('raises one exit and one entry per crossing over TCP, without flapping at the edge', async () => {
    const term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    term.send(encodeWatchLink(ID));
    expect((await term.next()).toString()).toContain('LK');
    const base = Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000; // the watch sends whole seconds
    let minute = 0;
    const walk = async (metresNorth: number[]) => {
      for (const n of metresNorth) {
        minute++;
        term.send(
          encodeWatchReport(ID, 'UD', {
            time: base + minute * 60_000,
            lon: HOME.lon,
            lat: HOME.lat + n * M_LAT,
            valid: true,
            battery: 80,
            steps: 0,
            tumbles: 0,
            accuracy: 12,
          }),
        );
      }
      const last = base + minute * 60_000;
      await eventually(
        async () => (await get(a.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj.live.gpsTime === last,
        5000,
        'fixes stored',
      );
      await eventually(() => fedUpTo === last, 5000, 'fixes handed to the engine');
      await engine.settle();
      const alarms = (await get(a.sessionId, `${api}/pet/alarms.json?petId=${petId}`)).obj as Array<{ type: string; typeName: string }>;
      return alarms.map((x) => x.typeName).sort();
    };
    // Home, then about the square's edge (60 m) and the circle's (100 m), to and fro with jitter:
    // the square's exit is confirmed at 95 m (switched off: no alarm), the circle's at the second clear fix beyond 120 m.
    expect(await walk([0, 15, 40, 70, 85, 55, 90, 95, 125, 105, 98])).toEqual([]);
    expect(await walk([130, 140, 110, 95, 150, 200, 160])).toEqual(['离开安全区域']);
    let zones = (await get(a.sessionId, `${api}/pet/zones.json?petId=${petId}`)).obj;
    expect(zones.map((z: { inside: boolean | null }) => z.inside)).toEqual([false, false]);
    // Back home: one entry for each zone.
    expect(await walk([90, 70, 50, 40, 10])).toEqual(['离开安全区域', '进入安全区域', '进入安全区域']);
    zones = (await get(a.sessionId, `${api}/pet/zones.json?petId=${petId}`)).obj;
    expect(zones.map((z: { inside: boolean | null }) => z.inside)).toEqual([true, true]);
    term.close();
  });

  it('removes a zone', async () => {
    expect(await post(a.sessionId, `${api}/pet/zoneRemove.json`, { zoneId: circleId })).toMatchObject({
      flag: 1,
      obj: { zoneId: circleId },
    });
    expect((await get(a.sessionId, `${api}/pet/zones.json?petId=${petId}`)).obj.map((z: { name: string }) => z.name)).toEqual(['小区']);
  });
});
