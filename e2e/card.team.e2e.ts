import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Fleet, cityByName, planTerminals, type SimTerminal } from '@chelian/simulator';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { api, pause } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

// Issue 18's done-when at its size: a team of 500 simulated badge-wearers speaking the watch
// protocol over real TCP, imported from one sheet, walks a patrol loop through a shift around the
// current hour; the operator sees all 500 on the map, their attendance, the patrol runs, an SOS
// and the day report in Chromium.
const TEAM = 500;
const run = crypto.randomInt(100, 999);
const LOOP = [
  { lat: 22.5431, lon: 114.0579 },
  { lat: 22.5451, lon: 114.0579 },
  { lat: 22.5451, lon: 114.0602 },
  { lat: 22.5431, lon: 114.0602 },
];
const teamName = `保洁${run}队`;
const planName = `片区巡查${run}`;
const member = (i: number) => `队员${run}-${i + 1}`;

let browser: Browser;
let fleet: Fleet;
let admin: string;

const ok = <T>(r: { flag: number; msg: string; obj: T }) => {
  if (r.flag !== 1) throw new Error(r.msg);
  return r.obj;
};

async function upload<T>(path: string, csv: string, fileName: string): Promise<T> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const res = await fetch(`${e2eServer().baseUrl}${path}`, { method: 'POST', headers: { sessionId: admin }, body: form });
  return ok((await res.json()) as { flag: number; msg: string; obj: T });
}

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin();
  const specs = planTerminals({ count: TEAM, protocol: 'watch', seed: run, cities: [cityByName('深圳')!] });
  await upload(
    '/car/v4/api/terminal/import.json?protocol=watch',
    ['设备号,协议', ...specs.map((s) => `${s.id},watch`)].join('\n'),
    '工牌.csv',
  );

  // A shift and a patrol window around the current Beijing hour; the loop's block is the team's area.
  const nowMinute = Math.floor(((Date.now() + 8 * 3600_000) % DAY_MS) / 60_000);
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const window = { start: clock(Math.max(0, nowMinute - 30)), end: clock(Math.min(1439, nowMinute + 60)) };
  const shift = ok(
    await api<{ shiftId: number }>(
      admin,
      '/card/v1/api/shift/save.json',
      { name: `早班${run}`, weekdays: [1, 2, 3, 4, 5, 6, 7], periods: [window], lateMinutes: 5, earlyMinutes: 10 },
      true,
    ),
  );
  const teams = ok(
    await api<Array<{ teamId: number; name: string }>>(
      admin,
      '/card/v1/api/team/save.json',
      { name: teamName, shiftId: shift.shiftId },
      true,
    ),
  );
  const teamId = teams.find((t) => t.name === teamName)!.teamId;
  const fence = ok(
    await api<{ geofenceId: number }>(
      admin,
      '/car/v4/api/geofence/add.json',
      { name: `片区${run}`, kind: 'circle', center: [114.059, 22.5441], radius: 400 },
      true,
    ),
  );
  ok(await api(admin, '/card/v1/api/area/save.json', { geofenceId: fence.geofenceId, teamId }, true));
  const checkpoints: number[] = [];
  for (const [i, p] of LOOP.slice(0, 3).entries()) {
    const saved = ok(
      await api<Array<{ checkpointId: number; name: string }>>(
        admin,
        '/card/v1/api/checkpoint/save.json',
        { name: `巡更点${run}-${i + 1}`, ...p, radius: 40 },
        true,
      ),
    );
    checkpoints.push(saved.find((c) => c.name === `巡更点${run}-${i + 1}`)!.checkpointId);
  }
  ok(
    await api(
      admin,
      '/card/v1/api/patrol/savePlan.json',
      { name: planName, checkpointIds: checkpoints, weekdays: [1, 2, 3, 4, 5, 6, 7], windows: [window], lateMinutes: 10, teamId },
      true,
    ),
  );

  const sheet = [
    '工号,姓名,岗位,班组,工牌',
    ...specs.map((s, i) => `T${run}${String(i + 1).padStart(4, '0')},${member(i)},保洁员,${teamName},${s.id}`),
  ].join('\n');
  await upload('/card/v1/api/staff/import.json', sheet, '人员.csv');

  fleet = new Fleet(specs, {
    host: '127.0.0.1',
    ports: { watch: e2eServer().watchPort },
    intervalSeconds: 5,
    heartbeatSeconds: 60,
    alarmRate: 0,
    watch: { route: LOOP, walkKmh: 4 },
  });
  await fleet.start();
  // Every badge online and placed: the staff list answers with a position for each.
  for (let tries = 0; ; tries++) {
    const list = ok(
      await api<{ list: Array<{ name: string; lat: number | null }> }>(
        admin,
        `/card/v1/api/staff/list.json?pageSize=500&keyword=${encodeURIComponent(`队员${run}-`)}`,
      ),
    );
    if (list.list.filter((s) => s.lat !== null).length === TEAM) break;
    if (tries > 60) throw new Error(`only ${list.list.filter((s) => s.lat !== null).length} of ${TEAM} badges placed`);
    await pause(1000);
  }
  (fleet.terminals[0] as SimTerminal & { raise(alarm: 'sos'): void }).raise('sos');
}, 240_000);

afterAll(async () => {
  fleet?.stop();
  await browser?.close();
});

describe('智能工牌, a team of 500', () => {
  it('shows all 500 on the map, their attendance, the patrol runs, an SOS and the day report', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    const frame = page.frameLocator('iframe').first();

    await page.goto(`${baseUrl()}/card/monitor`);
    await frame.getByTestId('card-monitor').waitFor();
    const members = frame.getByTestId('card-staff-item').filter({ hasText: `队员${run}-` });
    await expect.poll(() => members.count(), { timeout: 20_000 }).toBe(TEAM);
    await page.waitForTimeout(1500);
    await shot(page, 'card-team-monitor');

    await page.goto(`${baseUrl()}/card/attendance`);
    const attendance = frame.getByTestId('card-attendance-table');
    await attendance
      .locator('tr', { hasText: `队员${run}-` })
      .first()
      .waitFor();
    const total = Number(
      (
        await frame
          .getByText(/^共 \d+ 条$/)
          .first()
          .textContent()
      )?.match(/\d+/)?.[0],
    );
    expect(total).toBeGreaterThanOrEqual(TEAM);
    await shot(page, 'card-team-attendance');

    await page.goto(`${baseUrl()}/card/patrol`);
    await frame.getByTestId('card-patrol-runs').locator('tr', { hasText: planName }).first().waitFor();

    await page.goto(`${baseUrl()}/card/alarm`);
    // Only 紧急报警: 500 people walking one block raise other alarms that page the SOS off page 1.
    await frame.getByTestId('card-alarm').locator('.ant-select', { hasText: '全部类型' }).click();
    await frame.locator('.ant-select-item-option', { hasText: '紧急报警' }).first().click();
    const sos = frame.getByTestId('card-alarm-table').locator('tr', { hasText: member(0) });
    await sos.filter({ hasText: '紧急报警' }).first().waitFor({ timeout: 20_000 });
    await shot(page, 'card-team-alarm');

    await page.goto(`${baseUrl()}/card/report`);
    await frame
      .getByTestId('card-report-table')
      .locator('tr', { hasText: `队员${run}-` })
      .first()
      .waitFor();
    await shot(page, 'card-team-report');
    expect(errors).toEqual([]);
  }, 120_000);
});
