import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import net from 'node:net';
import { encodeGt06Location, encodeGt06Login } from '@chelian/protocols';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { api, imei, pause } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';

// Issue 18, 智能工牌: every card menu opens; a person bound to a badge that reports over real TCP
// (GT06) shows on the map with their info card; their attendance row is there.
let browser: Browser;
let socket: net.Socket;
const badge = imei('8691990');
const name = `巡检员${badge.slice(-3)}`;
const at = { lon: 121.4737, lat: 31.2304 };
const MENUS: Array<[path: string, testId: string]> = [
  ['monitor', 'card-monitor'],
  ['staff', 'card-staff'],
  ['device', 'card-device'],
  ['area', 'card-area'],
  ['shift', 'card-shift'],
  ['attendance', 'card-attendance'],
  ['patrol', 'card-patrol'],
  ['playback', 'card-playback'],
  ['alarm', 'card-alarm'],
  ['report', 'card-report'],
];

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  const ok = <T>(r: { flag: number; msg: string; obj: T }) => {
    if (r.flag !== 1) throw new Error(r.msg);
    return r.obj;
  };
  ok(await api(admin, '/car/v4/api/terminal/add.json', { terminalId: badge, protocol: 'gt06' }));
  const shift = ok(
    await api<{ shiftId: number }>(
      admin,
      '/card/v1/api/shift/save.json',
      {
        name: `全天${badge.slice(-3)}`,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        periods: [{ start: '00:00', end: '23:59' }],
        lateMinutes: 5,
        earlyMinutes: 5,
        clockPoints: [{ name: '岗亭', ...at, radius: 200, beacon: '' }],
      },
      true,
    ),
  );
  const staff = ok(
    await api<{ staffId: number }>(admin, '/card/v1/api/staff/save.json', {
      name,
      staffNo: `E${badge.slice(-6)}`,
      job: '巡检员',
      shiftId: shift.shiftId,
    }),
  );
  ok(await api(admin, '/card/v1/api/staff/bind.json', { staffId: staff.staffId, terminalId: badge }));
  socket = net.connect(e2eServer().gt06Port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => (socket.once('connect', resolve), socket.once('error', reject)));
  socket.on('data', () => undefined);
  socket.write(encodeGt06Login(badge, 1));
  await pause(300);
  socket.write(encodeGt06Location({ time: Date.now(), ...at, valid: true, speedKmh: 0, course: 0, satellites: 9, acc: false }, 2));
  await pause(500);
});
afterAll(async () => {
  socket?.end();
  await browser?.close();
});

describe('智能工牌', () => {
  it('opens every menu, shows the badge-wearer on the map with the info card, and their attendance', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    const frame = page.frameLocator('iframe').first();
    for (const [path, testId] of MENUS) {
      await page.goto(`${baseUrl()}/card/${path}`);
      await frame.getByTestId(testId).waitFor();
      if (path !== 'monitor') await shot(page, `card-${path}`);
    }
    await page.goto(`${baseUrl()}/card/monitor`);
    await frame.getByTestId('card-staff-item').filter({ hasText: name }).click();
    const info = frame.getByTestId('card-info');
    await info.getByText(badge).waitFor();
    await info.getByText('在岗').waitFor();
    await page.waitForTimeout(1500); // the map's basemap and dots
    await shot(page, 'card-monitor');

    await page.goto(`${baseUrl()}/card/attendance`);
    const row = frame.getByTestId('card-attendance-table').locator('tr', { hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('00:00-23:59');
    expect(await row.textContent()).toContain('进行中'); // its period runs all day
    await shot(page, 'card-attendance');
    expect(errors).toEqual([]);
  });

  it('shows a refused staff sheet row by row with its reasons, then imports the fixed one', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    const frame = page.frameLocator('iframe').first();
    await page.goto(`${baseUrl()}/card/staff`);
    await frame.getByTestId('card-import-open').click();
    const upload = (fileName: string, lines: string[]) =>
      frame
        .locator('.ant-modal input[type=file]')
        .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'utf8') });
    const [no1, no2] = [`I${badge.slice(-6)}1`, `I${badge.slice(-6)}2`];
    const header = '工号,姓名,岗位,电话,班组,备注,工牌';

    await upload('bad.csv', [header, `${no1},甲${no1},,,,,`, `,乙,,,,,`, `${no1},丙,,,,,`, `${no2},丁,,12ab,,,`]);
    const result = frame.getByTestId('card-import-result');
    const summary = result.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('共 4 行：1 行可以导入，3 行有误');
    const rows = result.getByTestId('import-rows');
    let text = await rows.innerText();
    expect(text).toContain('工号不能为空');
    expect(text).toContain('工号与第 2 行重复');
    expect(text).toContain('电话“12ab”格式不正确');
    expect(text).not.toContain(`甲${no1}`); // the faulty rows alone at first
    await shot(page, 'card-staff-import-check');
    await result.getByTestId('import-only-errors').click();
    text = await rows.innerText();
    expect(text).toContain(`甲${no1}`);
    expect(text).toContain('通过');

    await upload('good.csv', [header, `${no1},甲${no1},巡检员,,,,`, `${no2},丁${no2},,13800000000,,,`]);
    await frame.locator('.ant-message-notice', { hasText: '已导入：新增 2 人，更新 0 人' }).waitFor();
    await frame.getByTestId('card-staff').getByText(`丁${no2}`).waitFor();
    expect(errors).toEqual([]);
  });
});
