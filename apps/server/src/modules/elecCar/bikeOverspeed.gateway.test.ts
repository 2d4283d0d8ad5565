/**
 * Issue 31, 超速 as one rule, for e-bikes too: a bike's 超速阈值 is its vehicle's speed limit (25 km/h
 * when bound), and 平台超速报警 judges it exactly as 超速报表 does. A GT06 e-bike tracker rides over
 * real TCP at 30 km/h for longer than the minimum duration: one 平台超速报警, equal to the report's
 * one episode, and nothing from the guard (which raises no overspeed of its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import type { PositionEngine } from '../feature.ts';
import { overspeedAlarmEngineOf, startOverspeedAlarmEngine } from '../overspeedAlarms/overspeedAlarmEngine.ts';
import { startElecCarEngine, type ElecCarEngine } from './elecCarEngine.ts';

const DAY = '2026-05-12';
const bj = (hhmmss: string) => Date.parse(`${DAY}T${hhmmss}+08:00`);
const IMEI = '868120145238001';
const api = '/elec-car/v1/api';

let t: TestServer;
let gw: Gateway;
let overspeed: PositionEngine;
let guard: ElecCarEngine;
let a: Tenant;

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  overspeed = startOverspeedAlarmEngine(t.ctx); // as server.ts starts them beside the gateway
  guard = startElecCarEngine(t.ctx, { sweepMs: 60_000 });
  a = await createTenant(t, { codes: 'all' });
}, 60_000);
afterAll(async () => {
  guard?.stop();
  await overspeed?.stop();
  await gw?.close();
  await t?.close();
});

describe('an e-bike’s overspeed', () => {
  it('is one 平台超速报警 per 超速报表 episode, by the bike’s 25 km/h, and no guard alarm beside it', async () => {
    expect((await post('/car/v4/api/terminal/add.json', { terminalId: IMEI, protocol: 'gt06' })).flag).toBe(1);
    const bound = await post(`${api}/bike/bind.json`, { imei: IMEI, plate: '沪A·S0001', batteryVoltage: 48, batteryCapacity: 20 });
    expect(bound.flag, bound.msg).toBe(1);
    const bikeId = bound.obj.bikeId as number;
    expect(bound.obj.settings.overspeedKmh).toBe(25);
    // The tenant has had the terminal since before the ride's day (the report leaves out what came before).
    await t.ctx.db.query(
      `UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' FROM vehicles v WHERE v.id = $1 AND terminals.id = v.terminal_id`,
      [bikeId],
    );

    // 30 km/h for 40 s (over the 10 s minimum), slower, then a 6 s burst at 28 (under the minimum), slower again.
    const speeds = [15, ...Array<number>(21).fill(30), 15, 15, 28, 28, 28, 16, 15];
    let serial = 1;
    const frames = speeds.map((speedKmh, i) =>
      encodeGt06Location(
        {
          time: bj('09:00:00') + i * 2000,
          lat: 31.2304 + i * 0.0002,
          lon: 121.4737,
          valid: true,
          speedKmh,
          course: 0,
          satellites: 9,
          acc: true,
        },
        ++serial,
      ),
    );
    const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    try {
      term.send(encodeGt06Login(IMEI, 1));
      await term.next();
      // A heartbeat after the fixes: its reply comes once all of them committed and were fed to the engines.
      term.send(Buffer.concat([...frames, encodeGt06Heartbeat({ acc: true }, ++serial)]));
      while ((await term.next(5000))[3] !== 0x13);
    } finally {
      term.close();
    }
    await overspeedAlarmEngineOf(t.ctx)!.idle();
    await guard.settle();

    const report = await get(
      `/car/v1/accelerate/report/overspeed/overspeedReport.json?startDate=${DAY}&endDate=${DAY}&vehicleId=${bikeId}&pageSize=50`,
    );
    expect(report.flag, report.msg).toBe(1);
    const episodes = report.obj.list as Array<{ startAt: number; limitKmh: number; maxSpeed: number }>;
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({ startAt: bj('09:00:02'), limitKmh: 25 });

    const stored = await t.ctx.db.query<{ type: string; alarm_time: Date }>(
      'SELECT type, alarm_time FROM alarms WHERE vehicle_id = $1 ORDER BY alarm_time, id',
      [bikeId],
    );
    expect(stored.map((r) => [r.type, r.alarm_time.getTime()])).toEqual([['platformOverspeed', episodes[0].startAt]]);

    // 报警记录 of 电单车卫士 lists it in the platform's words.
    const listed = await get(`${api}/alarm/list.json?bikeId=${bikeId}&startDate=${DAY}&endDate=${DAY}`);
    expect(listed.obj.list.map((x: { type: string; typeName: string }) => [x.type, x.typeName])).toEqual([
      ['platformOverspeed', '平台超速报警'],
    ]);
  });
});
