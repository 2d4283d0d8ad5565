/**
 * 智能工牌 and a badge's re-upload (GT06 0x22 with the re-upload byte) after live reports, over real
 * TCP: a stretch outside the person's area in the shift, kept while out of coverage, raises 离岗
 * 补传 at the fix that reached the off-post minutes, once; a stretch too short raises nothing; an
 * older fix sent first on a new connection goes the late way and does not step the state back.
 * Standstill the same way: a still stretch the upload shows raises 静止超时 补传 once, and one
 * raised live is not raised again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { beijingMidnight } from '@chelian/contracts';
import { beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startCardEngine, type CardEngineHandle } from './cardEngine.ts';

let t: TestServer;
let gw: Gateway;
let engine: CardEngineHandle;
let a: Tenant;
let shiftId = 0;
let areaId = 0;
const api = '/card/v1/api';
const POST = { lat: 31.2304, lon: 121.4737 };
const FAR = { lat: 31.24, lon: 121.4737 }; // about 1 km north: outside the area
const DESK = { lat: 31.2313, lon: 121.4737 }; // 100 m north: inside the area, away from POST
// Yesterday's shift, 08:00–12:00 Beijing: the badge's minutes from 09:00.
const nine = beijingMidnight(beijingDayOf(Date.now() - DAY_MS)) + 9 * 3_600_000;
const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const postJson = (url: string, payload: object) => t.call(a.sessionId, { method: 'POST', url, payload }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  engine = startCardEngine(t.ctx, { sweepMs: 3_600_000 });
  a = await createTenant(t, { codes: 'all' });
  shiftId = (
    await postJson(`${api}/shift/save.json`, {
      name: '早班',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      periods: [{ start: '08:00', end: '12:00' }],
      lateMinutes: 5,
      earlyMinutes: 10,
    })
  ).obj.shiftId;
  areaId = (
    await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/geofence/add.json',
      payload: { name: '一号岗区', kind: 'circle', center: [POST.lon, POST.lat], radius: 300 },
    })
  ).json().obj.geofenceId;
  expect(
    (
      await post(`${api}/rules/save.json`, {
        offPostMinutes: 10,
        standstillMinutes: 120,
        gatheringCount: 5,
        gatheringRadius: 20,
        gatheringMinutes: 10,
      })
    ).flag,
  ).toBe(1);
});
afterAll(async () => {
  engine?.stop();
  await gw?.close();
  await t?.close();
});

/** A person on the shift, with the area, wearing this badge; its connection, logged in. */
async function wearer(imei: string, name: string) {
  expect((await post('/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' })).flag).toBe(1);
  const staffId = (await post(`${api}/staff/save.json`, { name, staffNo: `L${imei.slice(-3)}`, shiftId })).obj.staffId as number;
  expect((await post(`${api}/staff/bind.json`, { staffId, terminalId: imei })).flag).toBe(1);
  expect((await post(`${api}/area/save.json`, { geofenceId: areaId, staffId })).flag).toBe(1);
  const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  term.send(encodeGt06Login(imei, 1));
  await term.next();
  return { staffId, term };
}

describe("a badge's re-upload after live reports", () => {
  let serial = 1;
  /** A report `min` minutes after 09:00. */
  const report = (min: number, at: { lat: number; lon: number }, reupload = false) =>
    encodeGt06Location(
      { time: nine + min * 60_000, ...at, valid: true, speedKmh: 3, course: 0, satellites: 9, acc: true, reupload },
      ++serial,
    );
  /** Sends the frames and a heartbeat in one write: its reply comes once all of them committed, and were fed to the engine. */
  const sendAndSettle = async (term: TestTerminal, frames: Buffer[]) => {
    term.send(Buffer.concat([...frames, encodeGt06Heartbeat({ acc: true }, ++serial)]));
    while ((await term.next(5000))[3] !== 0x13);
    await engine.settle();
  };
  /** Minutes after 09:00 and the 补传 mark of the person's alarms of a type. */
  const alarmsOf = async (staffId: number, type: 'offPost' | 'standstill') =>
    (
      await t.ctx.db.query<{ alarm_time: Date; late: boolean }>(
        `SELECT alarm_time, late FROM alarms WHERE vehicle_id = $1 AND type = $2 ORDER BY alarm_time`,
        [staffId, type],
      )
    ).map((r) => [(r.alarm_time.getTime() - nine) / 60_000, r.late]);
  const offPost = (staffId: number) => alarmsOf(staffId, 'offPost');

  it('off post for 15 minutes while out of coverage: one 离岗 补传 at the fix ten minutes out (09:20); the upload again raises nothing', async () => {
    const { staffId, term } = await wearer('868120145238001', '孙七');
    try {
      await sendAndSettle(term, [report(0, POST)]);
      await sendAndSettle(term, [report(30, POST)]); // back in coverage, at post
      const upload = [report(5, POST, true), ...[10, 15, 20, 25].map((m) => report(m, FAR, true)), report(28, POST, true)];
      await sendAndSettle(term, upload);
      expect(await offPost(staffId)).toEqual([[20, true]]);
      await sendAndSettle(term, upload);
      expect(await offPost(staffId)).toEqual([[20, true]]);
    } finally {
      term.close();
    }
  });

  it('away for less than the off-post minutes: nothing', async () => {
    const { staffId, term } = await wearer('868120145238002', '周八');
    try {
      await sendAndSettle(term, [report(0, POST)]);
      await sendAndSettle(term, [report(30, POST)]);
      await sendAndSettle(term, [report(10, FAR, true), report(15, FAR, true), report(19, POST, true)]);
      expect(await offPost(staffId)).toEqual([]);
    } finally {
      term.close();
    }
  });

  it("an older fix sent first on a new connection does not step the state back: 离岗 at 09:12 as the first connection's stretch reached it", async () => {
    const { staffId, term } = await wearer('868120145238003', '吴九');
    const again = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    try {
      await sendAndSettle(term, [report(0, FAR), report(5, FAR)]);
      again.send(encodeGt06Login('868120145238003', 1));
      await again.next();
      // 08:50 at post, not marked re-upload: judged in order it would end the stretch begun at 09:00.
      await sendAndSettle(again, [report(-10, POST)]);
      await sendAndSettle(again, [report(12, FAR)]);
      // (补传 as yesterday's device time is far behind its receipt: an in-order blind-area fix.)
      expect(await offPost(staffId)).toEqual([[12, true]]);
    } finally {
      term.close();
      again.close();
    }
  });

  // The account's standstill minutes are 120: within 30 m of one place for two hours in the shift.
  it('still at post for two hours while out of coverage: one 静止超时 补传 at the fix that reached them (11:00); the upload again raises nothing', async () => {
    const { staffId, term } = await wearer('868120145238004', '郑十');
    try {
      await sendAndSettle(term, [report(0, POST)]);
      await sendAndSettle(term, [report(150, DESK)]); // back in coverage, 100 m away: judged live, no stretch
      expect(await alarmsOf(staffId, 'standstill')).toEqual([]);
      const upload = [30, 60, 90, 120, 140].map((m) => report(m, POST, true));
      await sendAndSettle(term, upload);
      expect(await alarmsOf(staffId, 'standstill')).toEqual([[120, true]]);
      await sendAndSettle(term, upload);
      expect(await alarmsOf(staffId, 'standstill')).toEqual([[120, true]]);
      expect(await offPost(staffId)).toEqual([]);
    } finally {
      term.close();
    }
  });

  it('a still stretch already raised live is not raised again by the upload that fills it in; one that moves in between raises nothing', async () => {
    const { staffId, term } = await wearer('868120145238005', '钱十一');
    try {
      await sendAndSettle(term, [report(0, POST)]);
      await sendAndSettle(term, [report(150, POST)]); // two and a half hours at post: raised live (补传: yesterday's device time)
      expect(await alarmsOf(staffId, 'standstill')).toEqual([[150, true]]);
      await sendAndSettle(
        term,
        [30, 60, 90, 120, 140].map((m) => report(m, POST, true)),
      );
      expect(await alarmsOf(staffId, 'standstill')).toEqual([[150, true]]);
      const { staffId: other, term: second } = await wearer('868120145238006', '冯十二');
      try {
        await sendAndSettle(second, [report(0, POST)]);
        await sendAndSettle(second, [report(150, DESK)]);
        await sendAndSettle(second, [report(30, POST, true), report(60, DESK, true), report(100, POST, true), report(140, POST, true)]);
        expect(await alarmsOf(other, 'standstill')).toEqual([]);
      } finally {
        second.close();
      }
    } finally {
      term.close();
    }
  });
});
