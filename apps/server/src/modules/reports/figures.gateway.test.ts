/**
 * The daily figures under hard conditions (issue 16, item 2), from positions this test sends
 * through the real gateway over TCP as JT/T 808 and GT06 terminals, read back through the
 * mileage report: distance within 0.5 % of the great-circle sum of the valid fixes (invalid
 * fixes and GPS jumps left out), days split at Beijing midnight, blind-area uploads hours later
 * (JT/T 808 0x0704, GT06 re-upload) for a day already final, out-of-order positions today, and
 * the jobs role catching up after it was stopped. (A restart of the whole server: rollup.restart.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { encodeJt808Batch, encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { encodeGt06Location, encodeGt06Login, gt06Codec } from '@chelian/protocols/gt06/index.ts';
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { ingestQueries } from '../../gateway/ingest.queries.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, connectJt808 } from '../../testing/testTerminal.ts';
import { MAX_PLAUSIBLE_KMH } from './rollupSql.ts';
import { rollupPending } from './rollup.service.ts';

interface Fix {
  time: number;
  lat: number;
  lon: number;
  speed: number;
  valid: boolean;
}

/** Beijing wall-clock time → epoch ms. */
const bj = (day: string, hhmmss: string) => Date.parse(`${day}T${hhmmss}+08:00`);
/** JT/T 808 carries millionths of a degree: the fixes are made at that precision, so what is stored is what was sent. */
const micro = (x: number) => Math.round(x * 1e6) / 1e6;

/** A drive with turns and speed changes, a fix every `stepSeconds` (deterministic). */
function drive(from: number, count: number, start: { lat: number; lon: number }, seed: number, stepSeconds = 10): Fix[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  let { lat, lon } = start;
  let course = rand() * 360;
  let speed = 40;
  const out: Fix[] = [];
  for (let i = 0; i < count; i++) {
    out.push({ time: from + i * stepSeconds * 1000, lat: micro(lat), lon: micro(lon), speed: Math.round(speed), valid: true });
    speed = Math.min(90, Math.max(15, speed + (rand() - 0.5) * 10));
    course = (course + (rand() - 0.5) * 40 + 360) % 360;
    const km = (speed * stepSeconds) / 3600;
    lat += (km / 111.2) * Math.cos((course * Math.PI) / 180);
    lon += (km / (111.2 * Math.cos((lat * Math.PI) / 180))) * Math.sin((course * Math.PI) / 180);
  }
  return out;
}

/**
 * The documented rule, computed here from what was sent: per Beijing day, the great-circle sum
 * between consecutive valid fixes in time order, a step implying more than 300 km/h left out.
 */
function expectedKmByDay(fixes: readonly Fix[]): Map<string, number> {
  const valid = fixes.filter((f) => f.valid).sort((a, b) => a.time - b.time);
  const out = new Map<string, number>();
  for (const f of valid) out.set(beijingDayOf(f.time), out.get(beijingDayOf(f.time)) ?? 0);
  for (let i = 1; i < valid.length; i++) {
    const [a, b] = [valid[i - 1], valid[i]];
    const day = beijingDayOf(b.time);
    if (beijingDayOf(a.time) !== day) continue; // across midnight: neither day's
    const km = distanceMeters([a.lon, a.lat], [b.lon, b.lat]) / 1000;
    if (b.time > a.time && (km * 3600_000) / (b.time - a.time) <= MAX_PLAUSIBLE_KMH) out.set(day, out.get(day)! + km);
  }
  return out;
}

const jt808Fix = (f: Fix) => ({ time: f.time, lat: f.lat, lon: f.lon, valid: f.valid, speedKmh: f.speed, course: 0, altitude: 0 });

let t: TestServer;
let a: Tenant;
let gw: Gateway;
const vehicles = new Map<string, number>();

/** Sends the frames in a stream, as a terminal with a backlog does, and waits for every answer (each sent once stored). */
async function sendAll(term: TestTerminal, frames: Buffer[]) {
  term.send(...frames);
  for (let i = 0; i < frames.length; i++) await term.next(10_000);
  term.close();
}

/** A JT/T 808 terminal's 0x0200 reports; `blind`: 0x0704 blind-area batches (type 1) of 25 instead. */
async function sendJt808(phone: string, fixes: readonly Fix[], blind = false) {
  const term = await connectJt808(gw.ports.jt808!, phone);
  const frames: Buffer[] = [];
  let serial = 1;
  if (blind) {
    for (let i = 0; i < fixes.length; i += 25)
      frames.push(...encodeJt808Batch({ phone }, serial++, fixes.slice(i, i + 25).map(jt808Fix), 1));
    expect(frames).toHaveLength(Math.ceil(fixes.length / 25)); // one frame each, no sub-packages
  } else {
    for (const f of fixes) frames.push(encodeJt808Location({ phone }, serial++, jt808Fix(f)));
  }
  await sendAll(term, frames);
}

/** A GT06 terminal: login, then 0x22 locations (flagged re-upload when `reupload`). */
async function sendGt06(imei: string, fixes: readonly Fix[], reupload = false) {
  const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  term.send(encodeGt06Login(imei, 1));
  await term.next();
  let serial = 2;
  await sendAll(
    term,
    fixes.map((f) =>
      encodeGt06Location(
        { time: f.time, lat: f.lat, lon: f.lon, valid: f.valid, speedKmh: f.speed, course: 0, satellites: 8, reupload },
        serial++,
      ),
    ),
  );
}

/** The mileage report's rows of one vehicle, by day. */
async function mileage(plate: string, from: string, to: string) {
  const res = await t.call(a.sessionId, {
    url: `/car/v1/accelerate/report/mileage/dayMileage.json?startDate=${from}&endDate=${to}&vehicleId=${vehicles.get(plate)}&pageSize=40`,
  });
  const body = res.json();
  expect(body.flag, body.msg).toBe(1);
  return new Map(
    (body.obj.list as Array<{ day: string; mileageKm: number; maxSpeed: number; positionCount: number }>).map((r) => [r.day, r]),
  );
}

/** Each day's reported km within 0.5 % of the expected (and a day with positions is there at all). */
async function expectKm(plate: string, fixes: readonly Fix[]) {
  const expected = expectedKmByDay(fixes);
  const days = [...expected.keys()].sort();
  const rows = await mileage(plate, days[0], days[days.length - 1]);
  for (const [day, km] of expected) {
    expect(rows.get(day), `${plate} ${day}`).toBeDefined();
    expect(
      Math.abs(rows.get(day)!.mileageKm - km),
      `${plate} ${day}: ${rows.get(day)!.mileageKm} km reported, ${km.toFixed(3)} expected`,
    ).toBeLessThanOrEqual(Math.max(0.005 * km, 0.005));
  }
  return { expected, rows };
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  const add = async (plate: string, terminalId: string, protocol: string) => {
    const res = (
      await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol }) })
    ).json();
    expect(res.flag, res.msg).toBe(1);
    vehicles.set(plate, res.obj.vehicleId);
  };
  await add('粤B61001', '13861000001', 'jt808');
  await add('粤B61002', '13861000002', 'jt808');
  await add('粤B61003', '868120361000003', 'gt06');
  await add('粤B61004', '13861000004', 'jt808');
  await add('粤B61005', '13861000005', 'jt808');
  // The tenant has had the terminals since before the test's days (a later hand-over would hide them).
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  // latest_positions held back as the server holds it (LATEST_POSITION_SECONDS): today's pass must still count every fix
  gw = await startGateway(t.ctx, {
    host: '127.0.0.1',
    ports: { jt808: 0, gt06: 0 },
    offlineAfterSeconds: 60,
    ingest: { latestEveryMs: 30_000 },
  });
}, 60_000);
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

describe('daily figures from positions sent through the gateway', () => {
  const D1 = '2026-05-04';
  const D2 = '2026-05-05';
  // 23:30 → 00:30 Beijing: the day splits at Beijing midnight (16:00 UTC), not at UTC's.
  const night = drive(bj(D1, '23:30:00'), 361, { lat: 22.54, lon: 114.05 }, 7);
  const sent: Fix[] = night.map((f) => ({ ...f }));
  // Every 25th report has no fix: stored, but neither its place (far off) nor its speed counts.
  for (let i = 12; i < sent.length; i += 25) sent[i] = { ...sent[i], valid: false, lat: micro(sent[i].lat + 1), speed: 180 };
  // A GPS jump of ~55 km for one report: both steps imply thousands of km/h and are left out.
  sent[100] = { ...sent[100], lat: micro(sent[100].lat + 0.5) };

  it('measures each Beijing day within 0.5 % of the great-circle sum of its valid fixes, without invalid fixes and jumps', async () => {
    await sendJt808('013861000001', sent);
    const done = await rollupPending(t.ctx.db); // as the jobs role does
    expect(done.map((r) => r.day)).toEqual(expect.arrayContaining([D1, D2]));

    const { expected, rows } = await expectKm('粤B61001', sent);
    expect([...expected.keys()].sort()).toEqual([D1, D2]);
    // 23:30:00–23:59:50 and 00:00:00–00:30:00, invalid reports included in the count.
    expect([rows.get(D1)!.positionCount, rows.get(D2)!.positionCount]).toEqual([180, 181]);
    expect(Math.max(rows.get(D1)!.maxSpeed, rows.get(D2)!.maxSpeed)).toBe(Math.max(...sent.filter((f) => f.valid).map((f) => f.speed)));
    // What the rule leaves out is real distance: the jump and the midnight step. Everything else is in.
    const all = expectedKmByDay(night.map((f) => ({ ...f, time: f.time - night[0].time + bj(D1, '08:00:00') }))).get(D1)!;
    expect(expected.get(D1)! + expected.get(D2)!).toBeLessThan(all);
    expect(expected.get(D1)! + expected.get(D2)!).toBeGreaterThan(all * 0.97);
  });

  it('recomputes a day already final when blind-area positions for it arrive hours later (JT/T 808 0x0704, GT06 re-upload)', async () => {
    const D3 = '2026-05-06';
    const morning = drive(bj(D3, '08:00:00'), 121, { lat: 22.6, lon: 113.9 }, 11);
    const later = drive(bj(D3, '10:00:00'), 121, { lat: 22.61, lon: 113.92 }, 13);
    await sendJt808('013861000002', morning);
    await sendGt06('868120361000003', morning);
    await rollupPending(t.ctx.db);
    expect(await t.ctx.db.one(`SELECT final FROM daily_rollup_days WHERE day = $1`, [D3])).toEqual({ final: true });
    const before = await mileage('粤B61002', D3, D3);
    expect(before.get(D3)!.positionCount).toBe(121);
    const firstNight = (await mileage('粤B61001', D1, D2)).get(D1);

    // Back in coverage: what the terminals stored offline, uploaded as such.
    await sendJt808('013861000002', later, true);
    await sendGt06('868120361000003', later, true);
    const [pass] = (await rollupPending(t.ctx.db)).filter((r) => r.day === D3);
    expect(pass).toMatchObject({ day: D3, final: true, late: 2 });

    for (const plate of ['粤B61002', '粤B61003']) {
      const { expected, rows } = await expectKm(plate, [...morning, ...later]);
      expect(rows.get(D3)!.positionCount).toBe(242);
      expect(rows.get(D3)!.mileageKm).toBeGreaterThan(before.get(D3)!.mileageKm * 1.8);
      expect(expected.get(D3)!).toBeGreaterThan(0);
    }
    // Only the terminals with late positions were recomputed: another day's figures are untouched.
    expect((await mileage('粤B61001', D1, D2)).get(D1)).toEqual(firstNight);
    expect(await t.ctx.db.one(`SELECT count(*)::int AS n FROM rollup_late_days`)).toEqual({ n: 0 });
  });

  it('counts positions that arrive out of order today, older than what the day already counted', async () => {
    const now = Date.now();
    const track = drive(now - 40 * 60_000, 240, { lat: 22.7, lon: 114.2 }, 17); // the last 40 minutes
    const live = [...track.slice(0, 60), track[track.length - 1]];
    const blindArea = track.slice(60, -1); // stored offline while the live reports went on
    await sendJt808('013861000004', live);
    await rollupPending(t.ctx.db);
    // The blind-area batch comes after the newest live report: older than what the passes counted.
    await sendJt808('013861000004', blindArea, true);
    const marked = await t.ctx.db.query<{ day: string }>(
      `SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM rollup_late_days ORDER BY 1`,
    );
    expect(marked.map((r) => r.day)).toEqual([...new Set(blindArea.map((f) => beijingDayOf(f.time)))].sort());
    await rollupPending(t.ctx.db);
    const { rows } = await expectKm('粤B61004', track);
    expect([...rows.values()].reduce((n, r) => n + r.positionCount, 0)).toBe(240);
  });

  it("counts today's fixes that latest_positions holds back, between two reports", async () => {
    const track = drive(Date.now() - 5 * 60_000, 25, { lat: 22.6, lon: 114.3 }, 23); // the last 5 minutes
    await sendJt808('013861000005', track.slice(0, 5)); // the first fix at a gateway: latest_positions at once
    await expectKm('粤B61005', track.slice(0, 5)); // today's pass counts these five
    await sendJt808('013861000005', track.slice(5)); // stored; latest_positions still shows the first
    const { rows } = await expectKm('粤B61005', track);
    expect([...rows.values()].reduce((n, r) => n + r.positionCount, 0)).toBe(25);
  });

  it('catches up the days it missed while the jobs role was stopped longer than its look-back', async () => {
    const today = beijingDayOf(Date.now());
    const away = addDays(today, -12);
    // Days until 13 days ago were final; positions of 12 days ago arrived in order (no late mark) while no rollup ran.
    await t.ctx.db.query(
      `INSERT INTO daily_rollup_days (day, rolled_up_at, final) VALUES ($1::date - 1, now(), true) ON CONFLICT (day) DO UPDATE SET final = true`,
      [away],
    );
    await t.ctx.db.query(`DELETE FROM daily_rollup_days WHERE day >= $1::date`, [away]);
    const pk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13861000004'`))!.id;
    const fixes = drive(bj(away, '09:00:00'), 61, { lat: 22.8, lon: 114.3 }, 19);
    await ingestQueries.copyPositions(
      t.ctx.db,
      fixes.map((f) => ({
        terminalPk: pk,
        gpsTime: f.time,
        receivedAt: f.time,
        lat: f.lat,
        lon: f.lon,
        speed: f.speed,
        course: 0,
        altitude: 0,
        valid: true,
        satellites: 8,
        acc: true,
        mileage: null,
        alarms: [],
        extras: null,
      })),
    );
    const done = await rollupPending(t.ctx.db);
    expect(done[0]).toMatchObject({ day: away, final: true });
    expect(done.map((r) => r.day)).toContain(addDays(today, -8));
    await expectKm('粤B61004', fixes);
  });

  it('never recomputes a day whose positions retention has dropped, even if one came late for it', async () => {
    const old = addDays(beijingDayOf(Date.now()), -40);
    const pk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13861000004'`))!.id;
    // Figures counted when the positions were still there; a late mark for that day.
    await t.ctx.db.query(
      `INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, position_count) VALUES ($1, $2, 12.3, 'gps', 500)`,
      [pk, old],
    );
    await t.ctx.db.query(`INSERT INTO rollup_late_days (terminal_id, day) VALUES ($1, $2)`, [pk, old]);
    expect((await rollupPending(t.ctx.db, Date.now(), 30)).map((r) => r.day)).not.toContain(old);
    expect(
      await t.ctx.db.one(`SELECT mileage_km, position_count FROM daily_terminal_stats WHERE terminal_id = $1 AND day = $2`, [pk, old]),
    ).toEqual({ mileage_km: 12.3, position_count: 500 });
    expect(await t.ctx.db.one(`SELECT count(*)::int AS n FROM rollup_late_days`)).toEqual({ n: 0 });
  });
});
