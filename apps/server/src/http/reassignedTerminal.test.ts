import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJt808, encodeJt808Auth, encodeJt808Location, encodeJt808Register, jt808Codec } from '@chelian/protocols/jt808/index.ts';
import { beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../testing/testServer.ts';
import { createTenant, type Tenant } from '../testing/fixtures.ts';
import { TestTerminal, eventually } from '../testing/testTerminal.ts';
import { openLive, type LiveClient } from '../testing/wsClient.ts';
import { startGateway, type Gateway } from '../gateway/gateway.ts';
import { fieldsOf, kindOf, readable, sample, send } from './foreignIds.probe.ts';
import { DESTRUCTIVE, probedRoutes } from './foreignIds.walk.ts';

/*
 * The outside probe of issue 32 item 5, step by step: tenant A's terminal reports, the platform
 * administrator returns it to stock, tenant B puts it in a vehicle. Nothing A's terminal said
 * before the hand-over may reach B (latest position, monitor, playback, alarms, reports, the live
 * feed, any route), B sees what it says afterwards, and A sees none of that (docs/security.md,
 * "Re-assigned terminals").
 */
const PHONE = '013800000577';
// An e-bike's and a pet collar's, whose state and reports A's time wrote (straight into their tables).
const EBIKE = '868120149005771';
const COLLAR = '868120149005772';
// A's place and odometer (Urumqi, 98 765 km), the e-bike's pack voltage and supply, the collar's
// step count: none of them may appear in B's data.
const A_FIX = { lat: 43.8123, lon: 87.6123, mileageKm: 98765.4 };
const A_MARKS = ['43.812', '87.612', '98765', '乌鲁木齐', '新疆', '71.234', '55.321', '87654'];
const B_FIX = { lat: 22.5431, lon: 114.0579 };

let t: TestServer;
let gw: Gateway;
let wsBase: string;
let admin: string;
let a: Tenant;
let b: Tenant;
let device: TestTerminal;
let serial = 1;
let bVehicleId: number;
let bBikeId: number;
let bPetId: number;
const yesterdayNoon = Date.parse(`${beijingDayOf(Date.now() - DAY_MS)}T12:00:00+08:00`);

const report = async (time: number, fix: { lat: number; lon: number; mileageKm?: number }, alarms: Array<'sos'> = []) => {
  device.send(
    encodeJt808Location({ phone: PHONE }, serial++, {
      time,
      ...fix,
      valid: true,
      speedKmh: 36,
      course: 90,
      altitude: 0,
      acc: true,
      alarms,
    }),
  );
  await device.next();
};
const get = async (sid: string, url: string) => (await t.call(sid, { url })).json();
const post = async (who: Tenant, url: string, fields: Record<string, string>) => {
  const body = (await t.call(who.sessionId, { method: 'POST', url, ...form(fields) })).json();
  expect(body.flag, `${url}: ${body.msg}`).toBe(1);
  return body.obj;
};

/** A's e-bike and pet, and what their terminals said in A's time: a BMS report, the device status, a step count, fixes. */
async function seedEbikeAndCollar() {
  for (const imei of [EBIKE, COLLAR]) await post(a, '/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' });
  await post(a, '/elec-car/v1/api/bike/bind.json', {
    imei: EBIKE,
    name: '甲方电单车',
    plate: '甲方E1',
    brand: '甲方',
    frameNo: 'ECA5771FRAME',
  });
  await post(a, '/pet/v1/api/pet/save.json', { name: '甲方狗', species: 'dog', breed: '柴犬', sex: 'male', imei: COLLAR });
  const db = t.ctx.db;
  const ids = await db.query<{ id: number }>(
    `UPDATE terminals SET assigned_at = now() - interval '7 days' WHERE identifier IN ($1, $2) RETURNING id`,
    [EBIKE, COLLAR],
  );
  for (const { id } of ids) {
    for (const at of [yesterdayNoon, Date.now() - 120_000]) {
      await db.query(
        `INSERT INTO positions (terminal_id, gps_time, received_at, lat, lon, speed, valid, acc, mileage) VALUES ($1, $2, $2, $3, $4, 12, true, true, $5)`,
        [id, new Date(at), A_FIX.lat, A_FIX.lon, A_FIX.mileageKm],
      );
    }
    await db.query(
      `INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed, valid, acc, mileage) VALUES ($1, $2, $2, $3, $4, 12, true, true, $5)`,
      [id, new Date(Date.now() - 120_000), A_FIX.lat, A_FIX.lon, A_FIX.mileageKm],
    );
    await db.query(
      `INSERT INTO ebike_battery_reports (terminal_id, received_at, battery_serial, soc_pct, remaining_mah, absolute_soc_pct, full_mah, health_pct, temperature_c,
         current_a, voltage_v, cycles, cell_volts, charge_interval_h, max_charge_interval_h, barcode, battery_version, manufacturer, battery_status,
         controller_status, controller_fault)
       VALUES ($1, now() - interval '2 minutes', 'A5771', 37, 7400, 37, 20000, 88, 25, 1.5, 71.234, 123, '{3.6,3.6}', 5, 40, 'A5771', 1, '甲方电池', 0, 0, 0)`,
      [id],
    );
    await db.query(
      `INSERT INTO ebike_states (terminal_id, reported_at, armed, acc, supply_volts) VALUES ($1, now() - interval '2 minutes', true, true, 55.321)`,
      [id],
    );
    await db.query(
      `INSERT INTO terminal_status_reports (terminal_id, at, received_at, kind, battery, steps) VALUES ($1, now() - interval '2 minutes', now() - interval '2 minutes', 'UD', 41, 87654)`,
      [id],
    );
  }
}
const marksIn = (text: string) => A_MARKS.filter((m) => text.includes(m));

beforeAll(async () => {
  // A few hundred calls from one session: well inside the default limits.
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws/live`;
  admin = await t.login();
  a = await createTenant(t, { codes: 'all', name: '甲方公司' });
  b = await createTenant(t, { codes: 'all', name: '乙方公司' });
  const added = await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: '粤B57701', terminalId: PHONE, protocol: 'jt808' }),
  });
  expect(added.json().flag).toBe(1);
  // A has had it for a week: its own fixes of yesterday are its own.
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = now() - interval '7 days' WHERE identifier = $1`, [PHONE]);

  // A's time: a fix yesterday, then one a minute ago with SOS, ACC on and the odometer.
  device = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
  // Registers and authenticates with the code the platform's 0x8100 gave it.
  device.send(
    encodeJt808Register({ phone: PHONE }, serial++, {
      province: 44,
      city: 300,
      maker: 'CHLN',
      model: 'JT701',
      deviceId: 'D000577',
      plateColor: 1,
      plate: '粤B57701',
    }),
  );
  const registered = decodeJt808(await device.next());
  const authCode = registered.ok ? (registered.value.messages[0]?.detail as { authCode?: string } | undefined)?.authCode : undefined;
  device.send(encodeJt808Auth({ phone: PHONE }, serial++, { authCode: authCode ?? PHONE }));
  await device.next();
  await report(yesterdayNoon, A_FIX);
  await report(Date.now() - 60_000, A_FIX, ['sos']);
  expect(JSON.stringify(await get(a.sessionId, '/car/v4/api/monitor/lastPositions.json'))).toContain('43.812');

  await seedEbikeAndCollar();

  // The hand-over, as the probe did it.
  const unassigned = await t.call(admin, {
    method: 'POST',
    url: '/car/v4/api/terminal/unassign.json',
    ...form({ terminalIds: [PHONE, EBIKE, COLLAR].join(',') }),
  });
  expect(unassigned.json().flag).toBe(1);
  const claimed = (
    await t.call(b.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: '粤B57702', terminalId: PHONE, protocol: 'jt808' }),
    })
  ).json();
  expect(claimed.flag).toBe(1);
  bVehicleId = claimed.obj.vehicleId;
  // The e-bike's and the collar's go to B's account from stock (their pages bind only B's own terminals).
  expect(
    (
      await t.call(admin, {
        method: 'POST',
        url: '/car/v4/api/terminal/assign.json',
        ...form({ terminalIds: `${EBIKE},${COLLAR}`, accountId: b.accountId }),
      })
    ).json().flag,
  ).toBe(1);
  bBikeId = (
    await post(b, '/elec-car/v1/api/bike/bind.json', {
      imei: EBIKE,
      name: '乙方电单车',
      plate: '乙方E1',
      brand: '乙方',
      frameNo: 'ECB5771FRAME',
    })
  ).bikeId;
  bPetId = (await post(b, '/pet/v1/api/pet/save.json', { name: '乙方狗', species: 'dog', breed: '柴犬', sex: 'male', imei: COLLAR })).petId;
  await eventually(
    () => [...gw.sessions.values()].some((s) => s.terminal?.accountId === b.accountId),
    3000,
    'gateway told of the new owner',
  );
}, 180_000);
afterAll(async () => {
  device?.close();
  await gw?.close();
  await t?.close();
}, 15_000);

describe('a terminal handed over to another tenant starts clean', () => {
  it('shows B no latest position, state, track, alarm or report figure of A’s time', async () => {
    const last = await get(b.sessionId, '/car/v4/api/monitor/lastPositions.json');
    expect(last.flag).toBe(1);
    expect(last.obj).toEqual([]);
    const vehicles = JSON.stringify(await get(b.sessionId, '/car/v4/api/vehicle/list.json'));
    expect(vehicles).toContain('粤B57702');
    expect(marksIn(vehicles)).toEqual([]);
    for (const day of [beijingDayOf(yesterdayNoon), beijingDayOf(Date.now())]) {
      const track = await get(
        b.sessionId,
        `/car/v4/api/monitor/track.json?vehicleId=${bVehicleId}&start=${day} 00:00:00&end=${day} 23:59:59`,
      );
      expect(JSON.stringify(track)).not.toContain('43.812');
    }
  });

  it('answers no route of B’s with anything of A’s time', { timeout: 120_000 }, async () => {
    const today = beijingDayOf(Date.now());
    const yesterday = beijingDayOf(yesterdayNoon);
    const found: string[] = [];
    const OWN = ['粤B57702', '乙方电单车', '乙方狗'];
    const reached = new Set<string>();
    let walked = 0;
    for (const r of probedRoutes(t).filter(
      (x) => !DESTRUCTIVE.test(x.url) && (x.method === 'GET' || /query|list|report|statistic|detail|export/i.test(x.url)),
    )) {
      const fields = fieldsOf(r);
      const values: Record<string, unknown> = {};
      let skip = false;
      for (const f of fields) {
        const kind = kindOf(r.url, f.name);
        const asField = (v: string | number) =>
          f.schema.type === 'array' ? [v] : f.schema.type === 'string' || f.schema.anyOf ? String(v) : v;
        if (kind === 'vehicle') values[f.name] = asField(bVehicleId);
        else if (kind === 'ecBike') values[f.name] = asField(bBikeId);
        else if (kind === 'pet') values[f.name] = asField(bPetId);
        else if (kind?.startsWith('imei:'))
          values[f.name] = asField(r.url.startsWith('/elec-car/') ? EBIKE : r.url.startsWith('/pet/') ? COLLAR : PHONE);
        else if (kind === 'account') values[f.name] = asField(b.accountId);
        else if (kind && f.required) skip = true;
        else if (!kind && f.required) values[f.name] = sample(f.name, f.schema);
        // Every period covers A's two days.
        if (/^(start|startTime|beginTime|startDate|begin)$/i.test(f.name))
          values[f.name] = /date/i.test(f.name) ? yesterday : `${yesterday} 00:00:00`;
        if (/^(end|endTime|endDate|finish)$/i.test(f.name)) values[f.name] = /date/i.test(f.name) ? today : `${today} 23:59:59`;
        if (/^(day|date)$/i.test(f.name) && values[f.name] !== undefined) values[f.name] = today;
      }
      if (skip) continue;
      const res = await send(t, b.sessionId, r, fields, values);
      walked++;
      const { text } = await readable(res);
      const shown = marksIn(text);
      if (shown.length) found.push(`${r.method} ${r.url}: ${shown.join(', ')} in ${text.slice(0, 300)}`);
      for (const own of OWN) if (text.includes(own)) reached.add(own);
    }
    expect(found).toEqual([]);
    expect(walked).toBeGreaterThan(100); // 135 on 2026-12-02
    // The walk did reach B's vehicle, e-bike and pet (it is not clean for want of asking).
    expect([...reached].sort()).toEqual([...OWN].sort());
  });

  it('shows B the live feed without A’s fix, then the terminal’s new reports to B and none to A', async () => {
    const feedA = await openLive(`${wsBase}?sessionId=${a.sessionId}`);
    const feedB = await openLive(`${wsBase}?sessionId=${b.sessionId}`);
    const snapshot = (feed: LiveClient) => feed.waitFor((m) => m.type === 'snapshot');
    expect(marksIn(JSON.stringify((await snapshot(feedB)).data))).toEqual([]);
    await snapshot(feedA);

    // A blind-area upload of A's time, with nothing newer stored since the hand-over: not B's latest,
    // not pushed, no alarm; the SOS still on when the terminal changed hands is raised anew for B.
    await report(Date.now() - 3_600_000, A_FIX, ['sos']);
    expect((await get(b.sessionId, '/car/v4/api/monitor/lastPositions.json')).obj).toEqual([]);

    await report(Date.now(), { ...B_FIX, mileageKm: 98790 }, ['sos']);
    await feedB.waitFor((m) => m.type === 'position' && (m.data as { lat: number }).lat === B_FIX.lat);
    await feedB.waitFor(
      (m) =>
        m.type === 'alarm' && (m.data as { type: string; lat: number }).type === 'sos' && (m.data as { lat: number }).lat === B_FIX.lat,
    );
    const last = await get(b.sessionId, '/car/v4/api/monitor/lastPositions.json');
    expect(last.obj).toEqual([expect.objectContaining({ terminalId: PHONE, plate: '粤B57702', lat: B_FIX.lat, lon: B_FIX.lon })]);

    await new Promise((r) => setTimeout(r, 200));
    expect(feedB.messages.filter((m) => marksIn(JSON.stringify(m.data)).length)).toEqual([]);
    expect(feedA.messages.filter((m) => JSON.stringify(m.data).includes(PHONE))).toEqual([]);
    expect(JSON.stringify(await get(a.sessionId, '/car/v4/api/monitor/lastPositions.json'))).not.toContain(PHONE);
    expect(JSON.stringify(await get(a.sessionId, `/car/v4/api/monitor/lastPositions.json?terminalIds=${PHONE}`))).not.toContain('22.543');
    feedA.close();
    feedB.close();
  });
});
