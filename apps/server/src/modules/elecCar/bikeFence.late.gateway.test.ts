/**
 * An e-bike's fences and its tracker's re-upload (GT06 0x22 with the re-upload byte: positions kept
 * out of coverage) after live reports, over real TCP. A bike's fences are the platform's geofences,
 * judged by the geofence engine, which takes late fixes: the exit and return are raised 补传 at their
 * device times, once. 电单车卫士's derived alarms (displacement, ACC on while armed) are about now and
 * are not judged from late fixes (docs/elec-car.md): an armed bike's re-uploaded ride raises none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startGeofenceEngine, type GeofenceEngineHandle } from '../geofences/geofenceEngine.ts';
import { startElecCarEngine, type ElecCarEngine } from './elecCarEngine.ts';

let t: TestServer;
let gw: Gateway;
let fences: GeofenceEngineHandle;
let bikes: ElecCarEngine;
let a: Tenant;
const api = '/elec-car/v1/api';
const CENTRE = { lon: 121.4737, lat: 31.2304 };
const INSIDE = { lon: 121.4738, lat: 31.2305 };
const OUTSIDE = { lon: 121.4737, lat: 31.2404 }; // about 1.1 km north
const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  fences = startGeofenceEngine(t.ctx);
  bikes = startElecCarEngine(t.ctx, { sweepMs: 60_000 });
  a = await createTenant(t, { codes: 'all' });
});
afterAll(async () => {
  bikes?.stop();
  fences?.stop();
  await gw?.close();
  await t?.close();
});

describe("an e-bike's re-upload after live reports", () => {
  // Whole seconds, minutes old at most: only the re-upload byte makes them 补传.
  const base = Math.floor(Date.now() / 1000) * 1000 - 200_000;
  let serial = 1;
  const report = (sec: number, at: { lon: number; lat: number }, reupload = false, speedKmh = 12) =>
    encodeGt06Location({ time: base + sec * 1000, ...at, valid: true, speedKmh, course: 0, satellites: 9, acc: true, reupload }, ++serial);
  /** Sends the frames and a heartbeat in one write: its reply comes once all of them committed, and were fed to the engines. */
  const sendAndSettle = async (term: TestTerminal, frames: Buffer[]) => {
    term.send(Buffer.concat([...frames, encodeGt06Heartbeat({ acc: true }, ++serial)]));
    while ((await term.next(5000))[3] !== 0x13);
    await fences.engine.idle();
    await bikes.settle();
  };
  const alarms = async (bikeId: number) =>
    (
      await t.ctx.db.query<{ type: string; alarm_time: Date; late: boolean }>(
        'SELECT type, alarm_time, late FROM alarms WHERE vehicle_id = $1 ORDER BY alarm_time, id',
        [bikeId],
      )
    ).map((r) => [r.type, (r.alarm_time.getTime() - base) / 1000, r.late]);

  it('an exit and return while out of coverage raise both fence alarms, 补传 at their device times, once; no derived alarm', async () => {
    const imei = '868120145239001';
    expect((await post('/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' })).flag).toBe(1);
    const bikeId = (await post(`${api}/bike/bind.json`, { imei, plate: '沪A·L0001', batteryVoltage: 48, batteryCapacity: 20 })).obj
      .bikeId as number;
    const fence = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/geofence/add.json',
      payload: { name: '小区', kind: 'circle', center: [CENTRE.lon, CENTRE.lat], radius: 300 },
    });
    expect(
      (await post(`${api}/bike/bindFence.json`, { bikeId, geofenceId: fence.json().obj.geofenceId, bound: true })).obj[0],
    ).toMatchObject({ bound: true });

    const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    try {
      term.send(encodeGt06Login(imei, 1));
      await term.next();
      await sendAndSettle(term, [report(0, INSIDE)]);
      await sendAndSettle(term, [report(160, INSIDE)]); // back in coverage, home again
      // Armed now, where it stands: the guard judges what comes after, not the ride it kept.
      expect((await post(`${api}/bike/control.json`, { bikeId, action: 'arm' })).obj).toMatchObject({ status: 'sent' });
      // What it kept: out at 80 s (key on, over 1 km from home), back at 140 s.
      const upload = [report(40, INSIDE, true), report(80, OUTSIDE, true, 40), report(120, OUTSIDE, true, 40), report(140, INSIDE, true)];
      await sendAndSettle(term, upload);
      expect(await alarms(bikeId)).toEqual([
        ['geofenceExit', 80, true],
        ['geofenceEnter', 140, true],
      ]);
      await sendAndSettle(term, upload); // sent again
      expect(await alarms(bikeId)).toHaveLength(2);
      // Live, the key on raises the derived alarm: the guard runs, and only judges forwards.
      await sendAndSettle(term, [report(170, INSIDE, false, 40)]);
      expect(await alarms(bikeId)).toEqual([
        ['geofenceExit', 80, true],
        ['geofenceEnter', 140, true],
        ['accOnWhileArmed', 170, false],
      ]);
    } finally {
      term.close();
    }
  });
});
