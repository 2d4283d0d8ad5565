import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingMidnight, CARD_ALARM_NAMES, commandEndpoints, type LastPosition } from '@chelian/contracts';
import {
  encodeGt06Alarm,
  encodeGt06BluetoothClock,
  encodeGt06Location,
  encodeGt06Login,
  gt06Codec,
} from '@chelian/protocols/gt06/index.ts';
import { beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startCardEngine, type CardEngineHandle } from './cardEngine.ts';
import { patrolRuns } from './patrol.service.ts';

// Issue 18 part 8: attendance, patrols and every badge alarm the platform derives, from positions
// sent over real TCP through the gateway (GT06 badges), the way a shift of staff reports.

let t: TestServer;
let gw: Gateway;
let engine: CardEngineHandle;
let a: Tenant;
const api = '/card/v1/api';
const badges = { A: '868120145232001', B: '868120145232002', C: '868120145232003', D: '868120145232004' };
const staff: Record<string, number> = {};
const POST = { lat: 31.2304, lon: 121.4737 };
const FAR = { lat: 31.24, lon: 121.4737 }; // ~1 km north: outside the area, a checkpoint
const day = beijingDayOf(Date.now() - DAY_MS);
const at = (hhmm: string) => beijingMidnight(day) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;
const published: LastPosition[] = [];
let serial = 10;

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const postJson = (url: string, payload: object) => t.call(a.sessionId, { method: 'POST', url, payload }).then((r) => r.json());
const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());

async function connect(id: string) {
  const gt = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  gt.send(encodeGt06Login(id, 1));
  await gt.next();
  return gt;
}

/** Every 5 minutes from `from` to `to` at `where`. */
const every5 = (from: string, to: string, where: { lat: number; lon: number }) => {
  const out: Array<{ time: number; lat: number; lon: number }> = [];
  for (let m = at(from); m <= at(to); m += 5 * 60_000) out.push({ time: m, ...where });
  return out;
};

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 2 });
  engine = startCardEngine(t.ctx, { sweepMs: 3_600_000 });
  t.ctx.bus.subscribe<LastPosition | LastPosition[]>('pos.>', (m) => published.push(...(Array.isArray(m) ? m : [m])));
  a = await createTenant(t, { codes: 'all' });
  for (const id of Object.values(badges))
    expect((await post('/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' })).flag).toBe(1);
  const shift = await postJson(`${api}/shift/save.json`, {
    name: '早班',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    periods: [{ start: '08:00', end: '12:00' }],
    lateMinutes: 5,
    earlyMinutes: 10,
    clockPoints: [{ name: '岗亭', ...POST, radius: 100, beacon: '' }],
  });
  const allDay = await postJson(`${api}/shift/save.json`, {
    name: '全天',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    periods: [{ start: '00:00', end: '23:59' }],
    lateMinutes: 5,
    earlyMinutes: 5,
  });
  // 赵六 clocks in by Bluetooth beacon only (GT06 0xB2): the clock point is the beacon, its place far away.
  const beaconShift = await postJson(`${api}/shift/save.json`, {
    name: '信标班',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    periods: [{ start: '08:00', end: '12:00' }],
    lateMinutes: 5,
    earlyMinutes: 10,
    clockPoints: [{ name: '信标岗', lat: 0, lon: 0, radius: 10, beacon: 'C1:00:00:00:00:09' }],
  });
  const teams = await post(`${api}/team/save.json`, { name: '保安一队', shiftId: shift.obj.shiftId });
  const teamId = teams.obj[0].teamId;
  const ownShift = { C: allDay.obj.shiftId, D: beaconShift.obj.shiftId } as Record<string, number>;
  for (const [key, name] of [
    ['A', '张三'],
    ['B', '李四'],
    ['C', '王五'],
    ['D', '赵六'],
  ] as const) {
    const saved = await post(`${api}/staff/save.json`, {
      name,
      staffNo: `S${key}`,
      ...(key === 'D' ? {} : { teamId }),
      ...(ownShift[key] ? { shiftId: ownShift[key] } : {}),
    });
    staff[key] = saved.obj.staffId;
    expect((await post(`${api}/staff/bind.json`, { staffId: staff[key]!, terminalId: badges[key] })).flag).toBe(1);
  }
  // Hired before the day judged (yesterday): nothing is owed before a person is created.
  await t.ctx.db.query(`UPDATE card_staff SET created_at = created_at - interval '30 days' WHERE account_id = $1`, [a.accountId]);
  const fence = (
    await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/geofence/add.json',
      payload: { name: '一号岗区', kind: 'circle', center: [POST.lon, POST.lat], radius: 300 },
    })
  ).json();
  expect((await post(`${api}/area/save.json`, { geofenceId: fence.obj.geofenceId, teamId })).obj).toHaveLength(1);
  expect(
    (
      await post(`${api}/rules/save.json`, {
        offPostMinutes: 10,
        standstillMinutes: 30,
        gatheringCount: 2,
        gatheringRadius: 50,
        gatheringMinutes: 10,
      })
    ).flag,
  ).toBe(1);
  const points = await post(`${api}/checkpoint/save.json`, { name: '大门', ...POST, radius: 50 });
  const far = await post(`${api}/checkpoint/save.json`, { name: '仓库', ...FAR, radius: 50 });
  const [gate, store] = [points.obj[0].checkpointId, far.obj[1].checkpointId];
  expect(
    (
      await postJson(`${api}/patrol/savePlan.json`, {
        name: '上午巡逻',
        checkpointIds: [gate, store],
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        windows: [{ start: '09:00', end: '10:00' }],
        lateMinutes: 10,
        staffIds: [staff.A],
      })
    ).flag,
  ).toBe(1);
  expect(
    (
      await postJson(`${api}/patrol/savePlan.json`, {
        name: '仓库复查',
        checkpointIds: [store],
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        windows: [{ start: '10:00', end: '10:30' }],
        lateMinutes: 10,
        staffIds: [staff.B],
      })
    ).flag,
  ).toBe(1);

  // A: at post from 07:55, to the store and back (off post 09:35–09:45), until 12:00. B: from 08:30. C: nothing.
  const tracks = {
    A: [...every5('07:55', '09:30', POST), ...every5('09:35', '09:45', FAR), ...every5('09:50', '12:00', POST)],
    B: every5('08:30', '12:00', { lat: POST.lat + 0.0002, lon: POST.lon }),
  };
  const gtA = await connect(badges.A);
  const gtB = await connect(badges.B);
  const timeline = [...tracks.A.map((p) => ({ gt: gtA, id: badges.A, p })), ...tracks.B.map((p) => ({ gt: gtB, id: badges.B, p }))].sort(
    (x, y) => x.p.time - y.p.time,
  );
  for (const { gt, id, p } of timeline) {
    gt.send(
      encodeGt06Location(
        { time: p.time, lat: p.lat, lon: p.lon, valid: true, speedKmh: 0, course: 0, satellites: 9, acc: false },
        ++serial,
      ),
    );
    await eventually(() => published.some((x) => x.terminalId === id && x.gpsTime === p.time), 3000, `fix ${id} ${p.time}`);
    await engine.settle();
  }
  for (const type of ['sos', 'fallDown', 'lowBattery'] as const) {
    gtA.send(encodeGt06Alarm({ time: at('12:00') + 1000, ...POST, valid: true, speedKmh: 0, course: 0 }, type, {}, ++serial));
    await gtA.next();
  }
  gtA.close();
  gtB.close();
  const gtD = await connect(badges.D);
  for (const hhmm of ['07:58', '12:01']) {
    gtD.send(
      encodeGt06BluetoothClock(
        {
          time: at(hhmm),
          clock: 'in',
          mac: 'c1:00:00:00:00:09',
          uuid: 'fda50693-a4e2-4fb1-afcf-c6eb07647825',
          major: 1,
          minor: 9,
          rssi: -60,
        },
        ++serial,
      ),
    );
    await gtD.next();
  }
  gtD.close();
  const gtC = await connect(badges.C);
  gtC.close();
}, 120_000);

afterAll(async () => {
  engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('a shift of badge-wearers through the gateway', () => {
  it('computes attendance from the positions: on time, late, absent', async () => {
    const rows = (await get(`${api}/attendance/list.json?date=${day}&pageSize=50`)).obj.list;
    const byName = Object.fromEntries(rows.map((r: { name: string }) => [r.name, r]));
    expect(byName['张三']).toMatchObject({ status: 'normal', statusName: '正常', arrivedAt: at('07:55'), start: '08:00', end: '12:00' });
    expect(byName['李四']).toMatchObject({ status: 'late', statusName: '迟到', arrivedAt: at('08:30') });
    expect(byName['王五']).toMatchObject({ status: 'absent', statusName: '缺勤', arrivedAt: null });
    expect(byName['赵六']).toMatchObject({ status: 'normal', arrivedAt: at('07:58'), leftAt: at('12:01') });
  });

  it('filters the day by a status, and refuses a status there is not in Chinese', async () => {
    const late = (await get(`${api}/attendance/list.json?date=${day}&status=late&pageSize=50`)).obj.list;
    expect(late.map((r: { name: string }) => r.name)).toEqual(['李四']);
    expect(late.every((r: { status: string }) => r.status === 'late')).toBe(true);
    for (const status of ['great', 'toString'])
      expect(await get(`${api}/attendance/list.json?date=${day}&status=${status}&pageSize=50`)).toMatchObject({
        flag: 0,
        errorCode: 'card.statusUnknown',
        msg: `不支持的考勤状态：${status}`,
      });
  });

  it("keeps a supervisor's correction with who made it, over the computed status", async () => {
    const fixed = await post(`${api}/attendance/correct.json`, {
      staffId: staff.B!,
      day,
      period: 0,
      status: 'normal',
      note: '岗前培训，已报备',
    });
    expect(fixed.obj).toMatchObject({
      status: 'normal',
      computedStatus: 'late',
      correctedBy: a.username,
      correctionNote: '岗前培训，已报备',
    });
    for (const status of ['great', 'pending', 'toString'])
      expect(await post(`${api}/attendance/correct.json`, { staffId: staff.B!, day, period: 0, status, note: 'x' })).toMatchObject({
        flag: 0,
        msg: `不支持的考勤状态：${status}`,
      });
  });

  it("scores patrol runs: done by the assignee's visits, missed when nobody came", async () => {
    const runs = (await get(`${api}/patrol/runs.json?date=${day}`)).obj;
    expect(runs.map((r: { planName: string; status: string }) => [r.planName, r.status])).toEqual([
      ['上午巡逻', 'done'],
      ['仓库复查', 'missed'],
    ]);
    expect(runs[0].visits.map((v: { name: string; visitedAt: number; staffName: string }) => [v.name, v.visitedAt, v.staffName])).toEqual([
      ['大门', at('09:00'), '张三'],
      ['仓库', at('09:35'), '张三'],
    ]);
  });

  it('names a window not over yet: 未开始 before it begins, then 进行中 with its unvisited checkpoints 待巡', async () => {
    // 仓库复查 (10:00–10:30, 10 minutes' allowance): nobody came.
    const named = async (now: number) =>
      (await patrolRuns(t.ctx.db, a.accountPath, day, now))
        .filter((r) => r.planName === '仓库复查')
        .map((r) => [r.status, r.statusName, r.visits.map((v) => v.statusName)]);
    expect(await named(at('09:50'))).toEqual([['pending', '未开始', ['未开始']]]);
    expect(await named(at('10:10'))).toEqual([['pending', '进行中', ['待巡']]]);
    expect(await named(at('10:50'))).toEqual([['missed', '漏巡', ['漏巡']]]);
  });

  it('raises each badge alarm through the one alarm table: derived and from the badge', async () => {
    await engine.engine.sweepPatrols(at('23:00'));
    // 王五's badge went silent during his all-day shift: offline once the gateway declares it.
    type Row = { name: string; type: string; typeName: string; alarmTime: number };
    const list = async () => (await get(`${api}/alarm/list.json?pageSize=50`)).obj.list as Row[];
    await eventually(async () => (await list()).some((x) => x.name === '王五'), 10_000, 'offline alarm');
    const alarms = await list();
    // (张三 and 李四 go silent too; whether that is in their shift depends on the hour the test runs.)
    const of = (name: string) =>
      alarms
        .filter((x) => x.name === name && x.type !== 'offline')
        .map((x) => `${x.type} ${new Date(x.alarmTime + 8 * 3600_000).toISOString().slice(11, 16)}`)
        .sort();
    // Standing still and gathering are stretches: each new one raises again.
    expect(of('张三')).toEqual([
      'fallDown 12:00',
      'gathering 08:45',
      'gathering 10:00',
      'lowBattery 12:00',
      'offPost 09:45',
      'sos 12:00',
      'standstill 08:30',
      'standstill 10:20',
    ]);
    expect(of('李四')).toEqual(['gathering 08:40', 'gathering 10:00', 'missedCheckpoint 23:00', 'standstill 09:00']);
    expect(alarms.filter((x) => x.name === '王五').map((x) => x.typeName)).toEqual(['离线报警']);
    const offPost = alarms.find((x) => x.type === 'offPost')!;
    expect(offPost).toMatchObject({ typeName: '离岗报警', alarmTime: at('09:45') });
    expect(alarms.filter((x) => ['standstill', 'gathering', 'missedCheckpoint'].includes(x.type)).map((x) => x.typeName)).toContain(
      '静止超时',
    );
    // A second sweep raises no second missed-checkpoint alarm.
    await engine.engine.sweepPatrols(at('23:00'));
    expect((await get(`${api}/alarm/list.json?type=missedCheckpoint`)).obj.total).toBe(1);
    // a type outside the badge's alarms (an inherited name too) is refused with the types there are, not ignored
    for (const type of ['overspeed', 'toString'])
      expect(await get(`${api}/alarm/list.json?type=${type}`)).toMatchObject({
        flag: 0,
        errorCode: 'card.alarmTypeUnknown',
        msg: `不支持的报警类型：${type}（可选 ${Object.keys(CARD_ALARM_NAMES).join('、')}）`,
      });
  });

  it('shows stops and the off-post stretch for playback, and the day in the report', async () => {
    const extras = (await get(`${api}/track/extras.json?staffId=${staff.A}&date=${day}`)).obj;
    expect(extras.offPost).toEqual([expect.objectContaining({ start: at('09:35'), end: at('09:50'), minutes: 15 })]);
    expect(extras.stops[0]).toMatchObject({ start: at('07:55'), end: at('09:30') });
    const report = (await get(`${api}/report/summary.json?kind=day&date=${day}`)).obj;
    const a1 = report.rows.find((r: { name: string }) => r.name === '张三');
    expect(a1).toMatchObject({ workPeriods: 1, normal: 1, offPostCount: 1, offPostMinutes: 15, patrolDone: 2, alarms: 8 });
    expect(a1.wearMinutes).toBe(240);
    expect(report.rows.find((r: { name: string }) => r.name === '李四')).toMatchObject({ normal: 0, late: 1, patrolMissed: 1 });
    const file = await t.call(a.sessionId, { url: `${api}/report/export.json?kind=month&date=${day}` });
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('sends listen-in to the badge through the command API', async () => {
    const res = await post(`${api}/monitor/call.json`, { staffId: staff.A!, phone: '13800138000', listen: true });
    expect(res).toMatchObject({ flag: 1, obj: { status: expect.stringMatching(/^(sent|queued)$/) } });
    const cmds = (await get(`${commandEndpoints.list.path}?terminalId=${badges.A}`)).obj;
    expect(JSON.stringify(cmds)).toContain('MONITOR,13800138000');
  });

  it('raises 脱岗 from a burst of reports committed together, though the newest is back at the post', async () => {
    const offPostOfB = () => t.ctx.db.query(`SELECT id FROM alarms WHERE vehicle_id = $1 AND type = 'offPost'`, [staff.B]);
    const before = (await offPostOfB()).length;
    // Today, in the shift: at the post, 15 minutes away (over the 10 allowed), back — sent in one write, as a badge with a backlog does.
    const today = beijingMidnight(beijingDayOf(Date.now())) + 10 * 3_600_000;
    const track = [POST, FAR, FAR, FAR, POST].map((where, i) => ({ time: today + i * 5 * 60_000, ...where }));
    const gtB = await connect(badges.B);
    try {
      gtB.send(
        Buffer.concat(
          track.map((p) =>
            encodeGt06Location(
              { time: p.time, lat: p.lat, lon: p.lon, valid: true, speedKmh: 0, course: 0, satellites: 9, acc: false },
              ++serial,
            ),
          ),
        ),
      );
      await eventually(() => published.some((x) => x.terminalId === badges.B && x.gpsTime === track.at(-1)!.time), 3000, 'burst stored');
      await engine.settle();
      expect((await offPostOfB()).length).toBe(before + 1);
    } finally {
      gtB.close();
    }
  });
});
