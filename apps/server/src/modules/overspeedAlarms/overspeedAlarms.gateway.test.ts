/**
 * Issue 31: 超速 as one rule. A JT/T 808 terminal drives a speeding track through the real
 * gateway over TCP; 平台超速报警 are raised while the fixes come, and for the vehicle and day they
 * are 超速报表's episodes — for the default minimum and for an account's own. The terminal's
 * overspeed bit, flickering as its speed crosses its own 90 km/h, is one 终端超速报警 with repeats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Location, type Jt808LocationInput } from '@chelian/protocols/jt808/index.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import type { PositionEngine } from '../feature.ts';
import { overspeedAlarmEngineOf, startOverspeedAlarmEngine } from './overspeedAlarmEngine.ts';

const DAY = '2026-05-09';
const bj = (hhmmss: string) => Date.parse(`${DAY}T${hhmmss}+08:00`);

let t: TestServer;
let a: Tenant;
let gw: Gateway;
let engine: PositionEngine;

/** A drive around the limits: 60–125 km/h, a fix every 5 s; the terminal's own bit is on above 90 (as the simulator's). */
function speedingTrack(from: number, count: number, seed: number): Jt808LocationInput[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  let speed = 85;
  return Array.from({ length: count }, (_, i) => {
    speed = Math.max(60, Math.min(125, speed + (rand() - 0.45) * 16));
    const speedKmh = Math.round(speed);
    return {
      time: from + i * 5000,
      lat: 22.55 + i * 0.0001,
      lon: 114.05,
      valid: true,
      speedKmh,
      course: 0,
      altitude: 0,
      acc: true,
      alarms: speedKmh > 90 ? ['overspeed'] : [],
    };
  });
}

async function addVehicle(plate: string, phone: string): Promise<number> {
  const res = (
    await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate, terminalId: phone, protocol: 'jt808' }),
    })
  ).json();
  expect(res.flag, res.msg).toBe(1);
  // The tenant has had the terminal since before the test's day (the report leaves out what came before).
  await t.ctx.db.query(
    `UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' FROM vehicles v WHERE v.id = $1 AND terminals.id = v.terminal_id`,
    [res.obj.vehicleId],
  );
  return res.obj.vehicleId;
}

/** Sends the reports and waits for every answer (each sent once stored), then for the engine. */
async function drive(phone: string, fixes: readonly Jt808LocationInput[]) {
  const term = await connectJt808(gw.ports.jt808!, phone);
  term.send(...fixes.map((f, i) => encodeJt808Location({ phone }, i + 1, f)));
  for (let i = 0; i < fixes.length; i++) await term.next(10_000);
  term.close();
  await overspeedAlarmEngineOf(t.ctx)!.idle();
}

async function reportEpisodes(vehicleId: number, minSeconds?: number) {
  const min = minSeconds === undefined ? '' : `&minSeconds=${minSeconds}`;
  const res = await t.call(a.sessionId, {
    url: `/car/v1/accelerate/report/overspeed/overspeedReport.json?startDate=${DAY}&endDate=${DAY}&vehicleId=${vehicleId}&pageSize=200${min}`,
  });
  const body = res.json();
  expect(body.flag, body.msg).toBe(1);
  return (body.obj.list as Array<{ startAt: number; limitKmh: number }>).map((r) => r.startAt).sort((x, y) => x - y);
}

const alarmsOf = (vehicleId: number, type: string) =>
  t.ctx.db.query<{ id: number; alarm_time: Date; repeats: number; last_seen_at: Date | null; handled: boolean }>(
    'SELECT id, alarm_time, repeats, last_seen_at, handled FROM alarms WHERE vehicle_id = $1 AND type = $2 ORDER BY alarm_time',
    [vehicleId, type],
  );

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  engine = startOverspeedAlarmEngine(t.ctx); // as server.ts starts it beside the gateway
}, 60_000);
afterAll(async () => {
  await engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('平台超速报警 and the overspeed report', () => {
  it('raises one alarm per episode of the report, at its start, for the default minimum (10 s)', async () => {
    const vehicleId = await addVehicle('粤B47001', '13847000001');
    await drive('013847000001', speedingTrack(bj('08:00:00'), 240, 5));
    const episodes = await reportEpisodes(vehicleId);
    expect(episodes.length).toBeGreaterThan(2); // the track does speed, more than once
    expect((await alarmsOf(vehicleId, 'platformOverspeed')).map((r) => r.alarm_time.getTime())).toEqual(episodes);
  });

  it('follows the account’s own minimum and the vehicle’s own limit', async () => {
    const vehicleId = await addVehicle('粤B47002', '13847000002');
    await t.ctx.db.query('UPDATE vehicles SET speed_limit_kmh = 80 WHERE id = $1', [vehicleId]);
    const saved = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v4/api/alarm/control/configAlarmControl.json',
        payload: { items: [{ alarmType: 'platformOverspeed', enabled: true, sound: true, popup: true, minSeconds: 30 }] },
      })
    ).json();
    expect(saved.flag, saved.msg).toBe(1);
    expect(saved.obj.find((c: { alarmType: string }) => c.alarmType === 'platformOverspeed')).toMatchObject({ minSeconds: 30 });
    await drive('013847000002', speedingTrack(bj('12:00:00'), 240, 9));
    const episodes = await reportEpisodes(vehicleId, 30);
    expect(episodes.length).toBeGreaterThan(0);
    expect(episodes).not.toEqual(await reportEpisodes(vehicleId)); // the minimum matters on this track
    expect((await alarmsOf(vehicleId, 'platformOverspeed')).map((r) => r.alarm_time.getTime())).toEqual(episodes);
  });

  it('judges only the kinds the report lists: a person’s badge raises none', async () => {
    const vehicleId = await addVehicle('粤B47004', '13847000004');
    await t.ctx.db.query(`UPDATE vehicles SET type = 'badge' WHERE id = $1`, [vehicleId]);
    await drive('013847000004', speedingTrack(bj('14:00:00'), 120, 5));
    expect(await reportEpisodes(vehicleId)).toEqual([]);
    expect(await alarmsOf(vehicleId, 'platformOverspeed')).toEqual([]);
  });

  it('keeps the terminal’s flickering overspeed bit one 终端超速报警, its repeats counted on it and handled with it', async () => {
    const vehicleId = await addVehicle('粤B47003', '13847000003');
    const track = speedingTrack(bj('16:00:00'), 120, 5);
    await drive('013847000003', track);
    const rises = track.filter((f, i) => f.alarms!.length && !track[i - 1]?.alarms!.length);
    expect(rises.length).toBeGreaterThan(3);
    const [stored, ...others] = await alarmsOf(vehicleId, 'overspeed');
    expect(others).toHaveLength(0);
    expect(stored).toMatchObject({
      alarm_time: new Date(rises[0].time),
      repeats: rises.length - 1,
      last_seen_at: new Date(rises.at(-1)!.time),
    });
    const [listed] = await alarmsQueries.visibleByIds(t.ctx.db, a.accountPath, [stored.id]);
    expect(presentAlarm(listed)).toMatchObject({ typeName: '终端超速报警', repeats: rises.length - 1, lastSeenAt: rises.at(-1)!.time });

    // Handled once, and the bit rises again a minute later: the same episode, the same (handled) alarm.
    const handled = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v1/api/monitor/processAlarm',
      ...form({ alarmIds: String(stored.id) }),
    });
    expect(handled.json().obj).toEqual({ updated: 1 });
    const last = track.at(-1)!;
    await drive('013847000003', [
      { ...last, time: last.time + 30_000, speedKmh: 80, alarms: [] },
      { ...last, time: last.time + 60_000, speedKmh: 95, alarms: ['overspeed'] },
    ]);
    const after = await alarmsOf(vehicleId, 'overspeed');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: stored.id, repeats: rises.length, handled: true });
  });
});
