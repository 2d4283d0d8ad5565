/**
 * 新国标 overspeed and a module's re-upload (GT06 0x22 with the re-upload byte) after live reports,
 * over real TCP: an episode above 25 km/h kept while out of coverage raises 车速超过25km/h 补传 at the
 * fix that began it, once — not again for the upload sent twice, nor for an episode raised live
 * that the upload only fills in; an older fix sent first on a new connection goes the late way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startGbEngine, type GbEngineHandle } from './gbEngine.ts';

let t: TestServer;
let gw: Gateway;
let gb: GbEngineHandle;
let a: Tenant;
const api = '/elec-gb/v1/api';
let serial = 10;
let bikes = 0;
// Whole seconds (GT06 sends them), minutes old at most (set once the server is up): only the
// re-upload byte makes a fix 补传.
let base = 0;
const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  gb = startGbEngine(t.ctx, { sweepMs: 3_600_000 });
  a = await createTenant(t, { codes: 'all' });
  base = Math.floor(Date.now() / 1000) * 1000 - 230_000;
});
afterAll(async () => {
  gb?.stop();
  await gw?.close();
  await t?.close();
});

/** A registered bike with this module; its connection, logged in. */
async function bike(imei: string) {
  expect((await post('/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' })).flag).toBe(1);
  const frameNo = `YD2025L000${++bikes}`;
  const bikeId = (
    await post(`${api}/bike/add.json`, {
      frameNo,
      plate: `苏A${frameNo.slice(-5)}`,
      terminalId: imei,
      batteryCode: 'BT48V20A0001',
      useType: 'rental',
      positioningConsent: true,
    })
  ).obj.bikeId as number;
  expect(bikeId).toBeGreaterThan(0);
  return { bikeId, term: await login(imei) };
}

async function login(imei: string) {
  const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  term.send(encodeGt06Login(imei, 1));
  await term.next();
  return term;
}

describe("a module's re-upload after live reports", () => {
  /** A report `sec` seconds after base at `kmh`. */
  const report = (sec: number, kmh: number, reupload = false) =>
    encodeGt06Location(
      {
        time: base + sec * 1000,
        lat: 31.2304,
        lon: 121.4737 + sec * 1e-5,
        valid: true,
        speedKmh: kmh,
        course: 90,
        satellites: 9,
        acc: true,
        reupload,
      },
      ++serial,
    );
  /** Sends the frames and a heartbeat in one write: its reply comes once all of them committed, and were fed to the engine. */
  const sendAndSettle = async (term: TestTerminal, frames: Buffer[]) => {
    term.send(Buffer.concat([...frames, encodeGt06Heartbeat({ acc: true }, ++serial)]));
    while ((await term.next(5000))[3] !== 0x13);
    await gb.settle();
  };
  /** Seconds after base, speed and the 补传 mark of the bike's overspeed alarms, as 新国标's alarm list gives them. */
  const overspeed = async (bikeId: number) =>
    (
      (await t.call(a.sessionId, { url: `${api}/alarm/list.json?bikeId=${bikeId}&types=gbOverspeed&pageSize=50` })).json().obj
        .list as Array<{ alarmTime: number; speed: number; late: boolean }>
    )
      .map((x) => [(x.alarmTime - base) / 1000, x.speed, x.late])
      .sort((x, y) => Number(x[0]) - Number(y[0]));

  it('an episode while out of coverage: one 车速超过25km/h 补传 at the fix that began it; the upload again raises nothing', async () => {
    const { bikeId, term } = await bike('868120145260001');
    try {
      await sendAndSettle(term, [report(0, 12)]);
      await sendAndSettle(term, [report(180, 15)]); // back in coverage, slow: nothing live
      expect(await overspeed(bikeId)).toEqual([]);
      const upload = [report(30, 18, true), report(60, 31, true), report(90, 34, true), report(120, 24, true), report(150, 10, true)];
      await sendAndSettle(term, upload);
      expect(await overspeed(bikeId)).toEqual([[60, 31, true]]);
      await sendAndSettle(term, upload);
      expect(await overspeed(bikeId)).toEqual([[60, 31, true]]);
      // the live episode state was not touched: the next fast fix is a new episode, raised live
      await sendAndSettle(term, [report(200, 30)]);
      expect(await overspeed(bikeId)).toEqual([
        [60, 31, true],
        [200, 30, false],
      ]);
    } finally {
      term.close();
    }
  });

  it('an episode raised live that the upload fills in raises nothing; two episodes in an upload raise two', async () => {
    const { bikeId, term } = await bike('868120145260002');
    try {
      await sendAndSettle(term, [report(0, 30)]);
      await sendAndSettle(term, [report(180, 28)]);
      expect(await overspeed(bikeId)).toEqual([[0, 30, false]]);
      await sendAndSettle(term, [report(60, 33, true), report(120, 29, true)]);
      expect(await overspeed(bikeId)).toEqual([[0, 30, false]]);
    } finally {
      term.close();
    }
    const second = await bike('868120145260003');
    try {
      await sendAndSettle(second.term, [report(0, 10)]);
      await sendAndSettle(second.term, [report(180, 10)]);
      // 23 km/h is inside the hysteresis band: the first episode goes on; 20 km/h ends it
      await sendAndSettle(second.term, [
        report(30, 27, true),
        report(60, 23, true),
        report(90, 26, true),
        report(100, 20, true),
        report(120, 29, true),
      ]);
      expect(await overspeed(second.bikeId)).toEqual([
        [30, 27, true],
        [120, 29, true],
      ]);
    } finally {
      second.term.close();
    }
  });

  it('an older fix sent first on a new connection goes the late way: its episode is raised 补传, the live state stays', async () => {
    const { bikeId, term } = await bike('868120145260004');
    await sendAndSettle(term, [report(0, 10), report(120, 10)]);
    const again = await login('868120145260004'); // the module's new connection (the first is closed for it)
    try {
      // 00:30–01:00 fast, not marked re-upload: in order for the new connection, older than what was judged
      await sendAndSettle(again, [report(30, 30), report(60, 12)]);
      expect(await overspeed(bikeId)).toEqual([[30, 30, true]]);
      await sendAndSettle(again, [report(150, 31)]);
      expect(await overspeed(bikeId)).toEqual([
        [30, 30, true],
        [150, 31, false],
      ]);
    } finally {
      term.close();
      again.close();
    }
  });
});
