// 智能工牌 at the size: 500 simulated badge-wearers (the watch protocol, over real TCP,
// reporting every 5 s while walking a patrol loop) through a shift on the real server. Their staff
// records and badges come from one Excel sheet imported over HTTP; a team with an area, a shift
// around the current hour and a patrol plan. Measured over HTTP while they report: the map's staff
// list (every 10 s in the browser), the day's attendance, the patrol runs, the day report and the
// alarm list. Prints JSON.
// Run: node --import tsx bench/card-shift-500.bench.ts [--staff 500] [--seconds 60]
//      (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL; PGlite by default)
import os from 'node:os';
import ExcelJS from 'exceljs';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { createTenant } from '../apps/server/src/testing/fixtures.ts';
import { startGateway } from '../apps/server/src/gateway/gateway.ts';
import { startCardEngine } from '../apps/server/src/modules/card/cardEngine.ts';
import { cityByName } from '../packages/simulator/src/cities.ts';
import { Fleet, planTerminals } from '../packages/simulator/src/fleet.ts';
import { BEIJING_OFFSET_MS, beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const STAFF = arg('staff', 500);
const SECONDS = arg('seconds', 60);
const LOOP = [
  { lat: 22.5431, lon: 114.0579 },
  { lat: 22.5451, lon: 114.0579 },
  { lat: 22.5451, lon: 114.0602 },
  { lat: 22.5431, lon: 114.0602 },
];

const t = await createTestServer({ host: '127.0.0.1' });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 120 });
const engine = startCardEngine(t.ctx, { sweepMs: 60_000 });
const tenant = await createTenant(t, { codes: 'all' });
const sid = tenant.sessionId;

async function http(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ ms: number; json: { flag: number; msg: string; obj: never } }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { sessionId: sid, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  return { ms: Math.round(performance.now() - started), json };
}
const ok = <T>(r: { json: { flag: number; msg: string; obj: T } }) => {
  if (r.json.flag !== 1) throw new Error(r.json.msg);
  return r.json.obj;
};

const specs = planTerminals({ count: STAFF, protocol: 'watch', seed: 18, cities: [cityByName('深圳')!] });
await t.ctx.db.query(
  `INSERT INTO terminals (identifier, identifier_key, protocol, account_id) SELECT id, id, 'watch', $2 FROM unnest($1::text[]) id`,
  [specs.map((s) => s.id), tenant.accountId],
);

// The shift: one period around the current Beijing hour, the loop's block as the team's area.
const nowMinute = Math.floor(((Date.now() + BEIJING_OFFSET_MS) % DAY_MS) / 60_000);
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const shift = ok<{ shiftId: number }>(
  await http('POST', '/card/v1/api/shift/save.json', {
    name: '早班',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    periods: [{ start: clock(Math.max(0, nowMinute - 30)), end: clock(Math.min(1439, nowMinute + 60)) }],
    lateMinutes: 5,
    earlyMinutes: 10,
  }),
);
const teams = ok<Array<{ teamId: number }>>(
  await http('POST', '/card/v1/api/team/save.json', { name: '保洁一队', shiftId: shift.shiftId }),
);
const teamId = teams[0]!.teamId;
const fence = ok<{ geofenceId: number }>(
  await http('POST', '/car/v4/api/geofence/add.json', { name: '一号片区', kind: 'circle', center: [114.059, 22.5441], radius: 400 }),
);
ok(await http('POST', '/card/v1/api/area/save.json', { geofenceId: fence.geofenceId, teamId }));
const points = [];
for (const [i, p] of LOOP.slice(0, 3).entries())
  points.push(
    ok<Array<{ checkpointId: number }>>(
      await http('POST', '/card/v1/api/checkpoint/save.json', { name: `巡更点${i + 1}`, ...p, radius: 40 }),
    ).at(-1)!.checkpointId,
  );
ok(
  await http('POST', '/card/v1/api/patrol/savePlan.json', {
    name: '片区巡查',
    checkpointIds: points,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    windows: [{ start: clock(Math.max(0, nowMinute - 30)), end: clock(Math.min(1439, nowMinute + 60)) }],
    lateMinutes: 10,
    teamId,
  }),
);

// The staff: one sheet, one row per person, each with their badge.
const book = new ExcelJS.Workbook();
const ws = book.addWorksheet('人员');
ws.addRow(['工号', '姓名', '岗位', '班组', '工牌']);
specs.forEach((s, i) => ws.addRow([`C${String(i + 1).padStart(4, '0')}`, `保洁员${i + 1}`, '保洁员', '保洁一队', s.id]));
const form = new FormData();
form.append('file', new Blob([await book.xlsx.writeBuffer()]), '人员.xlsx');
const imported = await http('POST', '/card/v1/api/staff/import.json', form);
if (imported.json.flag !== 1) throw new Error(imported.json.msg);

const fleet = new Fleet(specs, {
  host: '127.0.0.1',
  ports: gw.ports,
  intervalSeconds: 5,
  heartbeatSeconds: 60,
  alarmRate: 0,
  watch: { route: LOOP, walkKmh: 4 },
});
await fleet.start();
await new Promise((r) => setTimeout(r, SECONDS * 1000));

const today = beijingDayOf(Date.now());
const timings: Record<string, number[]> = { staffList: [], attendance: [], patrolRuns: [], reportDay: [], alarms: [] };
let states: Record<string, number> = {};
let attendanceRows = 0;
for (let round = 0; round < 3; round++) {
  const list = await http('GET', '/card/v1/api/staff/list.json?pageSize=500');
  timings.staffList!.push(list.ms);
  states = {};
  for (const s of ok<{ list: Array<{ state: string }> }>(list).list) states[s.state] = (states[s.state] ?? 0) + 1;
  const att = await http('GET', `/card/v1/api/attendance/list.json?date=${today}&pageSize=500`);
  timings.attendance!.push(att.ms);
  attendanceRows = ok<{ total: number }>(att).total;
  timings.patrolRuns!.push((await http('GET', `/card/v1/api/patrol/runs.json?date=${today}`)).ms);
  timings.reportDay!.push((await http('GET', `/card/v1/api/report/summary.json?kind=day&date=${today}`)).ms);
  timings.alarms!.push((await http('GET', '/card/v1/api/alarm/list.json?pageSize=50')).ms);
}
const [{ n: positions }] = await t.ctx.db.query<{ n: number }>(
  `SELECT count(*)::int AS n FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.account_id = $1`,
  [tenant.accountId],
);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

fleet.stop();
engine.stop();
await gw.close();
await t.close();
console.log(
  JSON.stringify(
    {
      bench: 'card-shift-500',
      engine: process.env.TEST_ENGINE ?? 'pglite',
      staff: STAFF,
      seconds: SECONDS,
      positions,
      importMs: imported.ms,
      states,
      attendanceRows,
      medianMs: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, median(v)])),
      load: os.loadavg().map((x) => Math.round(x * 10) / 10),
      node: process.version,
    },
    null,
    2,
  ),
);
