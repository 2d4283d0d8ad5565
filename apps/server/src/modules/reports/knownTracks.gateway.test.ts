/**
 * Every report figure against a known track (knownTracks.ts), sent through the real gateway over
 * TCP by three terminals driving the same day on three meridians: a JT/T 808 one, a GT06 one and a
 * JT/T 808 one whose every report carries a zero odometer (a placeholder many terminals send).
 * Part of the day arrives out of order (a 0x0704 blind-area batch, GT06 re-uploads) and some
 * reports twice. The figures are compared with those worked out from the construction, and each
 * surface with the others: the mileage report, 月度汇总, the data centre and playback must show the
 * same distance for the same vehicle and day.
 *
 * Tolerances: distances within 6 m (the answers round to 0.01 km: 5 m; the fixes are built exactly
 * on both protocols' grids), seconds exact (reports carry whole seconds), speeds exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTrack, DRIFT_MAX_METERS, STOP_SPEED_KMH } from '@chelian/contracts';
import { EARTH_RADIUS_METERS } from '@chelian/geo/coords.ts';
import { trackDistanceKm } from '@chelian/geo/trackDistance.ts';
import { encodeJt808Batch, encodeJt808Location, jt808Codec } from '@chelian/protocols/jt808/index.ts';
import { encodeGt06Location, encodeGt06Login, gt06Codec } from '@chelian/protocols/gt06/index.ts';
import { addDays, beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { eventually, TestTerminal, signInJt808 } from '../../testing/testTerminal.ts';
import { rollupPending } from './rollup.service.ts';
import { bj, haversineKm, knownDay, knownFigures, SPHERE_RADIUS_M, type KnownFix } from './knownTracks.ts';

const KM_TOLERANCE = 0.006;
const today = beijingDayOf(Date.now());
const D = addDays(today, -3);
const N = addDays(D, 1);
const expected = knownFigures(D, N);

interface Car {
  plate: string;
  identifier: string;
  protocol: 'jt808' | 'gt06';
  lon: number;
  zeroOdometer?: boolean;
  id?: number;
  fixes?: KnownFix[];
  /** when each of its connections sent its first frame and got its last answer */
  spans: Array<[number, number]>;
}
const cars: Car[] = [
  { plate: '粤B72001', identifier: '13872000001', protocol: 'jt808', lon: 114.05, spans: [] },
  { plate: '粤B72002', identifier: '868120372000002', protocol: 'gt06', lon: 113.95, spans: [] },
  { plate: '粤B72003', identifier: '13872000003', protocol: 'jt808', lon: 114.15, zeroOdometer: true, spans: [] },
];

/** Arrive after the rest: the fixes of 08:40–08:45 (the overspeed leg among them), stored offline. */
const isBlind = (f: KnownFix) => f.time >= bj(D, '08:40:00') && f.time < bj(D, '08:45:00');
/**
 * Sent a second time (the terminal missed the answer): four reports of the first leg, one parked,
 * the last of a stop, one over the limit and one before midnight.
 */
const REPEATED = ['08:30:00', '08:34:30', '08:41:00', '23:55:00'];
const isRepeated = (f: KnownFix) =>
  (f.time >= bj(D, '08:15:00') && f.time <= bj(D, '08:15:30')) || REPEATED.some((at) => f.time === bj(D, at));

let t: TestServer;
let a: Tenant;
let gw: Gateway;

async function session(car: Car, frames: Buffer[], login?: Buffer) {
  const codec = car.protocol === 'jt808' ? jt808Codec : gt06Codec;
  const port = car.protocol === 'jt808' ? gw.ports.jt808! : gw.ports.gt06!;
  const term = await TestTerminal.connect(port, codec);
  const began = Date.now();
  if (login) {
    term.send(login);
    await term.next();
  } else if (car.protocol === 'jt808') await signInJt808(term, `0${car.identifier}`);
  term.send(...frames);
  for (let i = 0; i < frames.length; i++) await term.next(10_000); // each answered once stored
  car.spans.push([began, Date.now()]);
  term.close();
}

async function send(car: Car, fixes: KnownFix[], mode: 'live' | 'blind') {
  if (car.protocol === 'jt808') {
    const phone = `0${car.identifier}`;
    const item = (f: KnownFix) => ({
      time: f.time,
      lat: f.lat,
      lon: f.lon,
      valid: f.valid,
      speedKmh: f.speed,
      course: 0,
      altitude: 0,
      acc: f.acc,
      ...(car.zeroOdometer ? { mileageKm: 0 } : {}),
    });
    const frames =
      mode === 'live'
        ? fixes.map((f, i) => encodeJt808Location({ phone }, i + 1, item(f)))
        : Array.from({ length: Math.ceil(fixes.length / 10) }, (_, i) =>
            encodeJt808Batch({ phone }, 500 + i, fixes.slice(i * 10, i * 10 + 10).map(item), 1),
          ).flat();
    return session(car, frames);
  }
  const frames = fixes.map((f, i) =>
    encodeGt06Location(
      {
        time: f.time,
        lat: f.lat,
        lon: f.lon,
        valid: f.valid,
        speedKmh: f.speed,
        course: 0,
        satellites: 8,
        acc: f.acc,
        reupload: mode === 'blind',
      },
      i + 2,
    ),
  );
  return session(car, frames, encodeGt06Login(car.identifier, 1));
}

async function get(path: string, query: Record<string, string | number>) {
  const res = await t.call(a.sessionId, { url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });
  const body = res.json();
  expect(body.flag, `${path}: ${body.msg}`).toBe(1);
  return body.obj;
}
const report = (name: string, car: Car, extra: Record<string, string | number> = {}) =>
  get(`/car/v1/accelerate/report/${name}`, { vehicleId: car.id!, startDate: D, endDate: N, pageSize: 100, ...extra });

const near = (actual: number, wanted: number, what: string) =>
  expect(Math.abs(actual - wanted), `${what}: ${actual} km, ${wanted.toFixed(4)} expected`).toBeLessThanOrEqual(KM_TOLERANCE);

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  for (const car of cars) {
    const res = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v4/api/vehicle/add.json',
        ...form({ plate: car.plate, terminalId: car.identifier, protocol: car.protocol }),
      })
    ).json();
    expect(res.flag, res.msg).toBe(1);
    car.id = res.obj.vehicleId;
    car.fixes = knownDay(D, N, car.lon);
  }
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = $1`, [new Date(bj(D, '00:00:00') - 30 * DAY_MS)]);
  // A short silence makes a terminal offline soon after its last report: online time is checked for today.
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0 }, offlineAfterSeconds: 3 });
  for (const car of cars) {
    await send(
      car,
      car.fixes!.filter((f) => !isBlind(f)),
      'live',
    );
    await send(car, car.fixes!.filter(isBlind), 'blind');
    await send(car, car.fixes!.filter(isRepeated), 'live');
  }
  await eventually(
    async () => (await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM terminals WHERE online`))!.n === 0,
    15_000,
    'terminals offline',
  );
  await rollupPending(t.ctx.db); // as the jobs role does: D and N are final, today is rolled up so far
}, 180_000);
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

/** The mileage rule's standing steps: both fixes below 3 km/h and shorter than 50 m. */
const STILL = { belowKmh: STOP_SPEED_KMH, maxMeters: DRIFT_MAX_METERS };

describe('the known day is what the construction says', () => {
  it('measures with the sphere the mileage rule uses, and the construction agrees with a haversine over the fixes', () => {
    expect(EARTH_RADIUS_METERS).toBe(SPHERE_RADIUS_M);
    // The documented rule over what was sent: valid fixes, in time order, within a Beijing day, not both standing (drift), ≤ 300 km/h.
    const fixes = cars[0].fixes!.filter((f) => f.valid);
    const byDay = new Map<string, number>();
    for (let i = 1; i < fixes.length; i++) {
      const [p, q] = [fixes[i - 1], fixes[i]];
      const km = haversineKm(p, q);
      if (
        beijingDayOf(p.time) !== beijingDayOf(q.time) ||
        (p.speed < STOP_SPEED_KMH && q.speed < STOP_SPEED_KMH && km * 1000 < DRIFT_MAX_METERS)
      )
        continue;
      if ((km * 3_600_000) / (q.time - p.time) <= 300) byDay.set(beijingDayOf(q.time), (byDay.get(beijingDayOf(q.time)) ?? 0) + km);
    }
    expect(byDay.get(D)!).toBeCloseTo(expected[D].km, 9);
    expect(byDay.get(N)!).toBeCloseTo(expected[N].km, 9);
    expect(fixes.filter((f) => beijingDayOf(f.time) === D)).toHaveLength(expected[D].validFixes);
  });
});

describe.each(cars.map((c) => [c.plate, c] as const))('%s: report figures against the known track', (_plate, car) => {
  it('里程报表: distance (drift while parked adds none), driving time, top speed and reports of each Beijing day', async () => {
    const page = await report('mileage/dayMileage.json', car);
    const rows = new Map((page.list as Array<Record<string, number | string>>).map((r) => [r.day, r]));
    for (const day of [D, N]) {
      const row = rows.get(day)!;
      near(row.mileageKm as number, expected[day].km, `${day} mileage`);
      expect(row.mileageSource, day).toBe('gps');
      expect({ driving: row.drivingSeconds, max: row.maxSpeed, count: row.positionCount }, day).toEqual({
        driving: expected[day].drivingSeconds,
        max: expected[day].maxSpeed,
        count: expected[day].positionCount,
      });
    }
    near(page.totals.mileageKm, (rows.get(D)!.mileageKm as number) + (rows.get(N)!.mileageKm as number), 'totals = the rows shown');
  });

  it('停留报表: each stop from its first fix until the vehicle is next seen moving, the traffic light none', async () => {
    const page = await report('stay/stayReport.json', car, { minMinutes: 1 });
    const got = (page.list as Array<{ day: string; startAt: number; endAt: number; seconds: number; open: boolean; lat: number }>).sort(
      (x, y) => x.startAt - y.startAt,
    );
    const want = [...expected[D].stays, ...expected[N].stays];
    expect(got.map(({ startAt, endAt, seconds, open }) => ({ startAt, endAt, seconds, open }))).toEqual(want);
    expect(got[0].lat).toBe(22.5); // where it stood (its first fix), not where the drift took it
    expect(page.totals).toMatchObject({ stays: 4, seconds: want.reduce((s, x) => s + x.seconds, 0) });
  });

  it('行程报表: the trips between stops of 5 minutes, their distance adding up to the day’s mileage', async () => {
    const page = await report('trip/tripReport.json', car, { minMinutes: 5 });
    const got = (
      page.list as Array<{
        day: string;
        startAt: number;
        endAt: number;
        seconds: number;
        distanceKm: number;
        maxSpeed: number;
        avgSpeed: number;
      }>
    ).sort((x, y) => x.startAt - y.startAt);
    const want = [...expected[D].trips, ...expected[N].trips];
    expect(got.map(({ startAt, endAt, seconds, maxSpeed }) => ({ startAt, endAt, seconds, maxSpeed }))).toEqual(
      want.map(({ km: _km, ...w }) => w),
    );
    got.forEach((trip, i) => near(trip.distanceKm, want[i].km, `trip ${i + 1}`));
    got.forEach((trip, i) => expect(trip.avgSpeed, `trip ${i + 1} average`).toBeCloseTo((want[i].km / want[i].seconds) * 3600, 1));
    const mileage = new Map(
      (await report('mileage/dayMileage.json', car)).list.map((r: { day: string; mileageKm: number }) => [r.day, r.mileageKm]),
    );
    for (const day of [D, N]) {
      // Each figure is rounded to 0.01 km on its own: the sum may be off by 5 m a trip, and 5 m for the day.
      const trips = got.filter((x) => x.day === day);
      const sum = trips.reduce((s, x) => s + x.distanceKm, 0);
      expect(Math.abs(sum - (mileage.get(day) as number)), `${day}: trips add up to the mileage`).toBeLessThanOrEqual(
        0.005 * (trips.length + 1) + 1e-9,
      );
    }
  });

  it('超速报表: the 120 km/h leg is one episode over the default 100, measured first to last fix', async () => {
    const page = await report('overspeed/overspeedReport.json', car, { minSeconds: 0 });
    expect(
      page.list.map(({ startAt, endAt, seconds, points, maxSpeed, limitKmh, limitSource }: Record<string, unknown>) => ({
        startAt,
        endAt,
        seconds,
        points,
        maxSpeed,
        limitKmh,
        limitSource,
      })),
    ).toEqual([...expected[D].overspeed, ...expected[N].overspeed]);
  });

  it('ACC报表: the ignition periods, split at Beijing midnight, the last one open', async () => {
    const page = await report('acc/accReport.json', car);
    const got = (page.list as Array<{ acc: boolean; startAt: number; endAt: number; seconds: number; open: boolean }>).sort(
      (x, y) => x.startAt - y.startAt,
    );
    const want = [...expected[D].acc, ...expected[N].acc];
    expect(got.map(({ acc, startAt, endAt, seconds, open }) => ({ acc, startAt, endAt, seconds, open }))).toEqual(want);
    expect(page.totals).toMatchObject({
      onSeconds: want.filter((p) => p.acc).reduce((s, p) => s + p.seconds, 0),
      offSeconds: want.filter((p) => !p.acc).reduce((s, p) => s + p.seconds, 0),
      starts: 3,
    });
  });

  it('在线明细: online time is presence today (connected while uploading), none on the days driven', async () => {
    const page = await get('/car/v1/accelerate/report/online/dayOnline.json', {
      vehicleId: car.id!,
      startDate: D,
      endDate: today,
      pageSize: 100,
    });
    const rows = new Map((page.list as Array<{ day: string; onlineSeconds: number; onlineRate: number }>).map((r) => [r.day, r]));
    expect([rows.get(D)!.onlineSeconds, rows.get(N)!.onlineRate]).toEqual([0, 0]);
    // Online from the first message to the last sign of life, as the presence history records it…
    const events = await t.ctx.db.query<{ at: Date; online: boolean }>(
      `SELECT e.at, e.online FROM presence_events e JOIN terminals t ON t.id = e.terminal_id WHERE t.identifier_key = $1 ORDER BY e.at, e.online DESC`,
      [car.identifier],
    );
    let fromEvents = 0;
    events.forEach((e, i) => (fromEvents += e.online && events[i + 1] ? (events[i + 1].at.getTime() - e.at.getTime()) / 1000 : 0));
    const online = rows.get(today)!.onlineSeconds;
    expect(Math.abs(online - fromEvents), `${online} s online, ${fromEvents} s from the presence history`).toBeLessThanOrEqual(1);
    // …which is the time it was connected and sending: within its connections (answers trail the reads by the commits).
    const spans = car.spans.map(([from, to]) => (to - from) / 1000);
    expect(online).toBeLessThanOrEqual((car.spans.at(-1)![1] - car.spans[0][0]) / 1000 + 1);
    expect(online).toBeGreaterThanOrEqual(spans.reduce((s, x) => s + x, 0) - 3 * spans.length);
  });

  it('playback shows each day with the mileage report’s distance, each report once, invalid fixes left out', async () => {
    const mileage = new Map(
      (await report('mileage/dayMileage.json', car)).list.map((r: { day: string; mileageKm: number }) => [r.day, r.mileageKm]),
    );
    for (const day of [D, N]) {
      const res = await t.call(a.sessionId, {
        url: `/car/v4/api/monitor/track.bin?vehicleId=${car.id}&start=${encodeURIComponent(`${day} 00:00:00`)}&end=${encodeURIComponent(`${day} 23:59:59`)}`,
      });
      const decoded = decodeTrack(res.rawPayload);
      if (!decoded.ok) throw new Error(decoded.reason);
      expect(decoded.track.length, day).toBe(expected[day].validFixes);
      near(trackDistanceKm(decoded.track, STILL), expected[day].km, `${day} playback`);
      expect(trackDistanceKm(decoded.track, STILL), `${day}: playback and the mileage report`).toBeCloseTo(mileage.get(day) as number, 2);
    }
  });
});

describe('the same distance on every surface', () => {
  it('月度汇总 sums the days the mileage report shows, to the hundredth', async () => {
    const months = [...new Set([D, N].map((d) => d.slice(0, 7)))];
    for (const car of cars) {
      const days = (await report('mileage/dayMileage.json', car)).list as Array<{ day: string; mileageKm: number; drivingSeconds: number }>;
      const page = await get('/car/v1/accelerate/report/monthly/monthlyReport.json', {
        vehicleId: car.id!,
        startMonth: months[0],
        endMonth: months.at(-1)!,
        pageSize: 20,
      });
      for (const month of months) {
        const row = page.list.find((r: { month: string }) => r.month === month);
        const ofMonth = days.filter((d) => d.day.startsWith(month));
        expect(row.mileageKm, `${car.plate} ${month}`).toBe(Math.round(ofMonth.reduce((s, d) => s + d.mileageKm, 0) * 100) / 100);
        expect(row.drivingSeconds).toBe(ofMonth.reduce((s, d) => s + d.drivingSeconds, 0));
        near(
          row.mileageKm,
          [D, N].filter((d) => d.startsWith(month)).reduce((s, d) => s + expected[d].km, 0),
          `${car.plate} ${month} against the construction`,
        );
      }
    }
  });

  it('the data centre: each day the fleet’s sum of the days shown, the ranking each vehicle’s sum', async () => {
    const overview = await get('/car/v4/api/dataCenter/overview.json', {});
    const shown = new Map<string, number>();
    const perCar = new Map<number, number>();
    for (const car of cars) {
      for (const r of (await report('mileage/dayMileage.json', car)).list as Array<{ day: string; mileageKm: number }>) {
        shown.set(r.day, (shown.get(r.day) ?? 0) + r.mileageKm);
        perCar.set(car.id!, (perCar.get(car.id!) ?? 0) + r.mileageKm);
      }
    }
    for (const day of [D, N]) {
      const row = overview.days.find((d: { day: string }) => d.day === day);
      expect(row.mileageKm, day).toBe(Math.round(shown.get(day)! * 100) / 100);
      near(row.mileageKm / cars.length, expected[day].km, `${day} data centre per vehicle`);
    }
    for (const car of cars) {
      const ranked = overview.mileageRanking.find((r: { vehicleId: number }) => r.vehicleId === car.id);
      expect(ranked.mileageKm, car.plate).toBe(Math.round(perCar.get(car.id!)! * 100) / 100);
    }
  });
});
