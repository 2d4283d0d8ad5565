import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, decodeTrack, type Track, TRACK_CONTENT_TYPE, TRACK_FLAG } from '@chelian/contracts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { TRACK_WINDOW_ROWS } from './track.service.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
let vehicleId: number;
let terminalPk: number;
const T0 = Date.UTC(2026, 4, 2, 0, 0, 0);
const N = 2 * TRACK_WINDOW_ROWS + 1; // two full windows and one point more

/** The generated drive: every value different, so a point in the wrong place shows. */
const fix = (i: number): StoredPosition => ({
  terminalPk,
  gpsTime: T0 + i * 10_000 + (i % 7) * 111,
  receivedAt: T0,
  lat: 22.5 + i * 1e-6,
  lon: 113.9 + i * 2e-6,
  speed: (i % 1300) / 10,
  course: i % 360,
  altitude: 5,
  valid: i % 1000 !== 999,
  satellites: 9,
  acc: i % 3 === 0 ? null : i % 3 === 1,
  mileage: i % 500 === 0 ? null : 1000 + i / 10,
  alarms: i % 4000 === 1 ? ['overspeed'] : [],
  extras: null,
});

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  const added = (
    await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: '粤B80001', terminalId: '13880000001', protocol: 'jt808' }),
    })
  ).json();
  vehicleId = added.obj.vehicleId;
  terminalPk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier = '013880000001'`))!.id;
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [terminalPk]);
  const rows = Array.from({ length: N }, (_, i) => fix(i));
  rows.push({ ...rows[TRACK_WINDOW_ROWS], receivedAt: T0 + 1 }); // a retransmission, right at a window's edge
  await ingestQueries.copyPositions(t.ctx.db, rows);
}, 120_000);
afterAll(() => t?.close());

const trackUrl = (q: Record<string, string | number | boolean>) =>
  `/car/v4/api/monitor/track.bin?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;
async function track(session: Tenant, q: Record<string, string | number | boolean>): Promise<Track> {
  const res = await t.call(session.sessionId, { url: trackUrl(q) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(TRACK_CONTENT_TYPE);
  const decoded = decodeTrack(res.rawPayload);
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.track;
}
const expectPoint = (tr: Track, k: number, i: number) => {
  const p = fix(i);
  expect(
    {
      time: tr.time[k],
      lon: tr.lon[k],
      lat: tr.lat[k],
      speed: tr.speed[k],
      course: tr.course[k],
      mileage: tr.mileage[k],
      flags: tr.flags[k],
    },
    `point ${k} (fix ${i})`,
  ).toEqual({
    time: Math.floor(p.gpsTime / 1000) * 1000, // whole seconds
    lon: Math.round(p.lon * 1e6) / 1e6,
    lat: Math.round(p.lat * 1e6) / 1e6,
    speed: p.speed,
    course: p.course,
    mileage: p.mileage === null ? NaN : Math.round(p.mileage * 10) / 10,
    flags:
      (p.valid ? TRACK_FLAG.valid : 0) |
      (p.acc === null ? 0 : TRACK_FLAG.accKnown) |
      (p.acc ? TRACK_FLAG.accOn : 0) |
      (p.alarms.length ? TRACK_FLAG.alarm : 0),
  });
};

describe('track.bin', () => {
  it('answers every point of a range longer than a read window, exactly, once, in order', async () => {
    const tr = await track(a, { vehicleId, start: T0, end: T0 + N * 10_000, includeInvalid: true });
    expect(tr).toMatchObject({
      terminalId: '013880000001',
      vehicleId,
      plate: '粤B80001',
      start: T0,
      end: T0 + N * 10_000,
      base: T0 / 1000,
      length: N,
    });
    for (let i = 0; i < N; i++) expectPoint(tr, i, i);
    // the raw body holds one frame per database window: 5000, 5000, 1
    const res = await t.call(a.sessionId, { url: trackUrl({ vehicleId, start: T0, end: T0 + N * 10_000, includeInvalid: true }) });
    const body = res.rawPayload;
    const head = body.readUInt16LE(6);
    let at = 8 + head + ((4 - (head % 4)) % 4);
    const frames: number[] = [];
    for (let n = body.readUInt32LE(at); n > 0; n = body.readUInt32LE(at)) {
      frames.push(n);
      at += 4 + n * 21 + ((4 - (n % 4)) % 4);
    }
    expect(frames).toEqual([TRACK_WINDOW_ROWS, TRACK_WINDOW_ROWS, 1]);
    expect(body.readUInt32LE(at + 4)).toBe(N);
    expect(at + 8).toBe(body.length);
  });

  it('leaves invalid fixes out by default, and ends cleanly when the last window is exactly full', async () => {
    const tr = await track(a, { vehicleId, start: T0, end: fix(N - 1).gpsTime });
    const kept = Array.from({ length: N }, (_, i) => i).filter((i) => fix(i).valid);
    expect(tr.length).toBe(kept.length);
    kept.forEach((i, k) => k % 997 === 0 && expectPoint(tr, k, i));
    expectPoint(tr, kept.length - 1, kept.at(-1)!);
    const full = await track(a, {
      terminalId: '13880000001',
      start: T0,
      end: fix(2 * TRACK_WINDOW_ROWS - 1).gpsTime,
      includeInvalid: true,
    });
    expect(full.length).toBe(2 * TRACK_WINDOW_ROWS);
    expectPoint(full, full.length - 1, 2 * TRACK_WINDOW_ROWS - 1);
  });

  it('answers an empty range with the head and no points, and gzip when the client takes it', async () => {
    const empty = await track(a, { vehicleId, start: T0 - DAY_MS, end: T0 - 1 });
    expect(empty).toMatchObject({ length: 0, plate: '粤B80001', start: T0 - DAY_MS });
    const url = trackUrl({ vehicleId, start: '2026-05-02 08:00', end: '2026-05-02 09:00' }); // Beijing time: the first UTC hour
    const plain = await t.call(a.sessionId, { url });
    const zipped = await t.call(a.sessionId, { url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    const hour = decodeTrack(plain.rawPayload);
    expect(hour.ok && hour.track.length).toBe(360);
  });

  it("starts a new owner's history at the hand-over", async () => {
    const handover = fix(100).gpsTime;
    await t.ctx.db.query(`UPDATE terminals SET assigned_at = $2 WHERE id = $1`, [terminalPk, new Date(handover)]);
    try {
      const tr = await track(a, { vehicleId, start: T0, end: fix(199).gpsTime });
      expect(tr.start).toBe(handover);
      expect(tr.length).toBe(100);
      expectPoint(tr, 0, 100);
    } finally {
      await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [terminalPk]);
    }
  });

  it('refuses foreign vehicles, bad ranges and junk with the usual Chinese envelope', async () => {
    const get = async (s: Tenant, q: Record<string, string | number>) => {
      const res = await t.call(s.sessionId, { url: trackUrl(q) });
      expect(res.headers['content-type']).toContain('application/json');
      return { status: res.statusCode, ...res.json() };
    };
    const range = { start: T0, end: T0 + 60_000 };
    expect(await get(b, { vehicleId, ...range })).toMatchObject({ status: 404, flag: 0, msg: '车辆不存在或无权访问' });
    expect(await get(b, { terminalId: '13880000001', ...range })).toMatchObject({ status: 404, flag: 0, msg: '设备不存在或无权访问' });
    expect(await get(a, { vehicleId, start: T0, end: T0 + 32 * DAY_MS })).toMatchObject({
      errorCode: 'playback.rangeTooLong',
      msg: '查询时间范围不能超过31天',
    });
    expect(await get(a, { vehicleId, start: T0, end: T0 })).toMatchObject({
      errorCode: 'playback.endBeforeStart',
      msg: '结束时间必须晚于开始时间',
    });
    expect(await get(a, { start: T0, end: T0 + 1 })).toMatchObject({
      status: 400,
      errorCode: 'playback.targetMissing',
      msg: '请选择车辆或设备',
    });
    const junk = await get(a, { vehicleId, start: 'yesterday', end: 'now' });
    expect(junk).toMatchObject({ status: 400, flag: 0 });
    expect(junk.msg).toContain('时间格式');
    expect((await get(a, { vehicleId: 'abc', ...range })).status).toBe(400);
  });
});
