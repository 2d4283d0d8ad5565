/**
 * 宠物卫士's home figures against the pages they stand for, on one tenant's data: 宠物档案's list,
 * each pet's live card (online, battery) and 安全区域's sides; a restricted role and a foreign tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCodec, encodeWatchLink, encodeWatchReport } from '@chelian/protocols/watch/index.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { twoTenantsOnGateway, type TwoTenantsOnGateway } from '../../testing/twoTenantsOnGateway.ts';

let bed: TwoTenantsOnGateway;
let t: TestServer;
let gw: Gateway;
let a: Tenant;
let b: Tenant;
const LOW = '9100000981';
const FULL = '9100000982';
const api = '/pet/v1/api';
const HOME = { lon: 114.0579, lat: 22.5431 };
const post: TwoTenantsOnGateway['post'] = (...args) => bed.post(...args);
const get: TwoTenantsOnGateway['get'] = (...args) => bed.get(...args);
const summary = (sid: string) => get(sid, `${api}/home/summary.json`);

beforeAll(async () => {
  bed = await twoTenantsOnGateway({ watch: 0 });
  ({ t, gw, a, b } = bed);
  for (const id of [LOW, FULL])
    expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'watch' })).flag).toBe(1);
});
afterAll(() => bed?.close());

describe('宠物卫士 home figures', () => {
  it('counts the pets, online, in and out of their safe zones and low on battery as the pages show them', async () => {
    const low = (await post(a.sessionId, `${api}/pet/save.json`, { name: '豆豆', imei: LOW })).obj.petId;
    const full = (await post(a.sessionId, `${api}/pet/save.json`, { name: '花花', imei: FULL })).obj.petId;
    await post(a.sessionId, `${api}/pet/save.json`, { name: '没项圈' });
    expect(await summary(a.sessionId)).toMatchObject({
      flag: 1,
      obj: { pets: 3, online: 0, inside: 0, outside: 0, noZone: 3, lowBattery: 0 },
    });

    // two collars report: one at 15 % (below the reminder's 20 %), one at 80 %
    const now = Date.now();
    for (const [id, battery] of [
      [LOW, 15],
      [FULL, 80],
    ] as const) {
      const term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
      term.send(encodeWatchReport(id, 'UD', { time: now - 60_000, ...HOME, valid: true, battery, steps: 10, tumbles: 0 }));
      term.send(encodeWatchLink(id, { steps: 10, tumbles: 0, battery }));
      expect((await term.next()).toString()).toBe(`[3G*${id}*0002*LK]`);
      term.close();
    }
    const list = async () =>
      (await get(a.sessionId, `${api}/pet/list.json`)).obj as Array<{ petId: number; live: { online: boolean; battery: number | null } }>;
    await eventually(async () => (await list()).filter((p) => p.live.battery !== null).length === 2, 3000, 'batteries');

    // safe zones: 豆豆 has two, outside one of them; 花花 has one and is inside; the sides as the engine keeps them
    const zone = async (petId: number, name: string) =>
      (await post(a.sessionId, `${api}/pet/zoneSave.json`, { petId, name, kind: 'circle', ...HOME, radiusMeters: 100 })).obj
        .zoneId as number;
    const sides: Array<[number, boolean]> = [
      [await zone(low, '家'), true],
      [await zone(low, '公园'), false],
      [await zone(full, '家'), true],
    ];
    for (const [zoneId, inside] of sides)
      await t.ctx.db.query('INSERT INTO pet_zone_states (zone_id, inside, pending, last_fix_at) VALUES ($1, $2, 0, now())', [
        zoneId,
        inside,
      ]);

    const pets = await list();
    const zonesOf = async (petId: number) =>
      (await get(a.sessionId, `${api}/pet/zones.json?petId=${petId}`)).obj as Array<{ inside: boolean | null }>;
    const zones = await Promise.all(pets.map((p) => zonesOf(p.petId)));
    const obj = (await summary(a.sessionId)).obj;
    // the figures are the pages' own: the list's length, its online and battery, the zones' sides
    expect(obj).toEqual({
      pets: pets.length,
      online: pets.filter((p) => p.live.online).length,
      inside: zones.filter((z) => z.length > 0 && z.every((x) => x.inside === true)).length,
      outside: zones.filter((z) => z.some((x) => x.inside === false)).length,
      noZone: zones.filter((z) => z.length === 0).length,
      lowBattery: pets.filter((p) => p.live.battery !== null && p.live.battery < 20).length,
    });
    expect(obj).toEqual({ pets: 3, online: 2, inside: 1, outside: 1, noZone: 1, lowBattery: 1 });
  });

  it('answers another tenant with its own (none) and refuses a role without 宠物卫士', async () => {
    expect((await summary(b.sessionId)).obj).toEqual({ pets: 0, online: 0, inside: 0, outside: 0, noZone: 0, lowBattery: 0 });
    const carOnly = await createTenant(t, { codes: ['car', 'car:monitor'] });
    expect(await summary(carOnly.sessionId)).toMatchObject({ flag: 0, errorCode: 'common.forbidden' });
  });
});
