/**
 * 宠物卫士 over a real watch-protocol collar (TCP through the gateway): the profile with a checked
 * photo and the collar, the live card from a fix and a later heartbeat, daily steps across a
 * counter reset and midnight, lost mode raising the rate (UPLOAD,15) and the job restoring it
 * once (UPLOAD,300), FIND ringing, and a foreign tenant seeing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCodec, encodeWatchLink, encodeWatchReport } from '@chelian/protocols/watch/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { restoreExpiredLostModes } from './lostMode.ts';

let t: TestServer;
let gw: Gateway;
let a: Tenant;
let b: Tenant;
const ID = '9100000951';
let petId = 0;
const api = '/pet/v1/api';
const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const PNG =
  'data:image/png;base64,' +
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]).toString('base64');

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: ID, protocol: 'watch' })).flag).toBe(1);
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

describe('pets', () => {
  it('saves a profile with a photo checked by its bytes and binds the collar', async () => {
    const res = await post(a.sessionId, `${api}/pet/save.json`, {
      name: '豆豆',
      species: 'dog',
      breed: '柯基',
      sex: 'male',
      birthday: '2022-05-01',
      weightKg: 11.5,
      microchip: '900123456789012',
      imei: ID,
      photo: PNG,
      stepGoal: 9000,
    });
    expect(res.flag, JSON.stringify(res)).toBe(1);
    petId = res.obj.petId;
    expect(res.obj).toMatchObject({
      name: '豆豆',
      speciesName: '狗',
      sexName: '公',
      birthday: '2022-05-01',
      weightKg: 11.5,
      hasPhoto: true,
      terminalId: ID,
      stepGoal: 9000,
      live: { freshness: 'none' },
    });
    expect((await get(a.sessionId, `${api}/pet/photo.json?petId=${petId}`)).obj.dataUrl).toBe(PNG);
    // A text file called a PNG, and a photo too large: refused in Chinese.
    const fake = 'data:image/png;base64,' + Buffer.from('hello, not an image').toString('base64');
    expect(await post(a.sessionId, `${api}/pet/save.json`, { petId, name: '豆豆', photo: fake })).toMatchObject({
      flag: 0,
      errorCode: 'pet.photoType',
    });
    const big = 'data:image/jpeg;base64,' + Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(530_000)]).toString('base64');
    expect(await post(a.sessionId, `${api}/pet/save.json`, { petId, name: '豆豆', photo: big })).toMatchObject({
      flag: 0,
      msg: '照片不能超过512KB',
    });
    expect(await post(a.sessionId, `${api}/pet/save.json`, { name: '  ' })).toMatchObject({ flag: 0, msg: '请填写宠物名字' });
    // a species or sex outside its names, an inherited name of the record too, is refused by field
    for (const [field, form] of [
      ['种类', { species: 'toString' }],
      ['种类', { species: 'parrot' }],
      ['性别', { sex: 'valueOf' }],
    ] as const)
      expect(await post(a.sessionId, `${api}/pet/save.json`, { petId, name: '豆豆', ...form })).toMatchObject({
        flag: 0,
        errorCode: 'pet.badValue',
        msg: `${field}填写不正确`,
      });
    expect(await post(a.sessionId, `${api}/pet/save.json`, { name: '咪咪', imei: ID })).toMatchObject({
      flag: 0,
      errorCode: 'pet.collarBound',
      msg: `项圈 ${ID} 已绑定宠物 豆豆`,
    });
  });

  it('answers a foreign pet or collar exactly like a missing one', async () => {
    const missing = { flag: 0, errorCode: 'pet.petNotVisible', msg: '宠物不存在或无权访问' };
    expect(await get(b.sessionId, `${api}/pet/detail.json?petId=${petId}`)).toMatchObject(missing);
    expect(await post(b.sessionId, `${api}/pet/find.json`, { petId })).toMatchObject(missing);
    expect((await get(b.sessionId, `${api}/pet/list.json`)).obj).toEqual([]);
    expect(await post(b.sessionId, `${api}/pet/save.json`, { name: '小黑', imei: ID })).toMatchObject({
      flag: 0,
      msg: '设备不存在或无权访问',
    });
  });

  it('shows the collar live, with daily steps across a counter reset and midnight', async () => {
    const term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    // 2026-11-25 23:40 Beijing (15:40 UTC): 5000 steps; 23:50: 5400; the collar resets at midnight; 00:10: 300; 00:30: 1000.
    const base = Date.UTC(2026, 10, 25, 15, 40);
    const fix = (min: number, steps: number, battery: number) =>
      encodeWatchReport(ID, 'UD', {
        time: base + min * 60_000,
        lat: 22.5431,
        lon: 114.0579,
        valid: true,
        battery,
        steps,
        tumbles: 0,
        signal: 80,
        accuracy: 12,
      });
    term.send(fix(0, 5000, 80));
    term.send(fix(10, 5400, 79));
    term.send(encodeWatchReport(ID, 'UD', { time: base + 30 * 60_000, lat: 0, lon: 0, valid: false, battery: 78, steps: 300, tumbles: 0 }));
    term.send(fix(50, 1000, 77));
    term.send(encodeWatchLink(ID, { steps: 1000, tumbles: 2, battery: 76 }));
    expect((await term.next()).toString()).toBe(`[3G*${ID}*0002*LK]`);
    await eventually(
      async () => (await get(a.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj.live.gpsTime === base + 50 * 60_000,
      3000,
      'live fix',
    );
    const pet = (await get(a.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj;
    // The heartbeat after the fix carries the newest battery.
    expect(pet.live).toMatchObject({
      online: true,
      lat: 22.5431,
      source: 'gps',
      sourceName: 'GPS',
      accuracy: 12,
      battery: 76,
      freshness: 'stale',
    });

    const activity = (await get(a.sessionId, `${api}/pet/activity.json?petId=${petId}&endDate=2026-11-26&days=2`)).obj;
    expect(activity.goal).toBe(9000);
    expect(activity.days.map((d: { day: string; steps: number; resets: number }) => [d.day, d.steps, d.resets])).toEqual([
      ['2026-11-25', 400, 0],
      ['2026-11-26', 1000, 0], // 300 after the midnight reset (the collar's own: not marked 清零), then +700
    ]);
    // SOS and the collar taken off, from the watch status word, through the one alarm pipeline.
    term.send(
      encodeWatchReport(ID, 'AL', {
        time: base + 55 * 60_000,
        lat: 22.5431,
        lon: 114.0579,
        valid: true,
        battery: 76,
        steps: 1000,
        tumbles: 2,
        alarms: ['sos', 'wearRemoved'],
      }),
    );
    expect((await term.next()).toString()).toBe(`[3G*${ID}*0002*AL]`);
    const alarms = (await get(a.sessionId, `${api}/pet/alarms.json?petId=${petId}`)).obj;
    expect(alarms.map((x: { type: string }) => x.type).sort()).toEqual(['sos', 'wearRemoved']);
    expect(alarms[0].typeName).toMatch(/[\u4e00-\u9fa5]/);
    expect(await get(b.sessionId, `${api}/pet/alarms.json?petId=${petId}`)).toMatchObject({ flag: 0, errorCode: 'pet.petNotVisible' });

    const history = (await get(a.sessionId, `${api}/pet/history.json?petId=${petId}&date=2026-11-26`)).obj;
    expect(history.points.map((p: { time: number }) => p.time)).toEqual([base + 50 * 60_000, base + 55 * 60_000]);
    expect(history.heat).toEqual([{ lat: 22.54325, lon: 114.05775, minutes: 6 }]); // 5 min to the next fix, 1 for the last
    expect(await get(a.sessionId, `${api}/pet/history.json?petId=${petId}&date=2026-13-45`)).toMatchObject({
      flag: 0,
      msg: '日期填写不正确',
    });
    term.close();
  });

  it('lost mode raises the reporting rate and the job restores it once; FIND rings', async () => {
    const term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    term.send(encodeWatchLink(ID));
    expect((await term.next()).toString()).toContain('LK');
    const on = await post(a.sessionId, `${api}/pet/lostMode.json`, { petId, on: true, minutes: 5 });
    expect(on.flag, JSON.stringify(on)).toBe(1);
    expect(on.obj.lostUntil).toBeGreaterThan(Date.now());
    expect((await term.next()).toString()).toMatch(/\*UPLOAD,15\]$/);
    expect((await get(a.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj.lostUntil).toBe(on.obj.lostUntil);
    expect(await post(a.sessionId, `${api}/pet/lostMode.json`, { petId, on: true, minutes: 500 })).toMatchObject({
      flag: 0,
      msg: '寻宠时长应在5到120分钟之间',
    });

    // Not yet due: nothing restored. Past the time: restored once, however often the job runs.
    expect(await restoreExpiredLostModes(t.ctx.db, t.ctx.bus, new Date())).toBe(0);
    const later = new Date(on.obj.lostUntil + 1000);
    // The claim and the command commit together: a pass whose command cannot be stored claims nothing.
    await t.ctx.db
      .exec(`CREATE FUNCTION refuse_command() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'commands down'; END $$;
      CREATE TRIGGER refuse_command BEFORE INSERT ON commands FOR EACH ROW EXECUTE FUNCTION refuse_command();`);
    await expect(restoreExpiredLostModes(t.ctx.db, t.ctx.bus, later)).rejects.toThrow(/commands down/);
    await t.ctx.db.exec('DROP TRIGGER refuse_command ON commands; DROP FUNCTION refuse_command();');
    expect(await restoreExpiredLostModes(t.ctx.db, t.ctx.bus, later)).toBe(1);
    expect(await restoreExpiredLostModes(t.ctx.db, t.ctx.bus, later)).toBe(0);
    expect((await term.next()).toString()).toMatch(/\*UPLOAD,300\]$/);

    expect((await post(a.sessionId, `${api}/pet/find.json`, { petId })).flag).toBe(1);
    expect((await term.next()).toString()).toMatch(/\*FIND\]$/);
    term.close();
  });
});
