import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { api } from './support/carFleet.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

// 智能工牌's 排班管理 takes a night shift whose period ends the next day (22:00–次日06:00), and
// 考勤记录 shows that period on the day it starts, pending until the next morning; 轨迹回放's 当班
// spans it across midnight.
let browser: Browser;
let session: string;
const suffix = String(Date.now() % 100000);
const shiftName = `夜班${suffix}`;
const person = `保安${suffix}`;

beforeAll(async () => {
  browser = await launch();
  session = await apiLogin();
});
afterAll(async () => {
  await browser?.close();
});

describe('智能工牌 night shifts', () => {
  it('edits a period across midnight, marks its end 次日, shows it in the attendance of its first day and plays it across midnight', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/child/card/shift`);
    await page
      .getByTestId('card-shift')
      .getByRole('button', { name: /新增班次/ })
      .click();
    const form = page.getByTestId('card-shift-form');
    await form.locator('#name').fill(shiftName);
    // Every day of the week, so today (whichever day the test runs) is a working day.
    for (const day of ['周六', '周日']) await form.getByText(day, { exact: true }).click();
    await form.locator('input[placeholder="08:00"]').first().fill('22:00');
    await form.locator('input[placeholder="12:00"]').first().fill('06:00');
    await form.getByTestId('card-period-next-day').waitFor();
    await shot(page, 'card-shift-night');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = page.getByTestId('card-shift-table').locator('tr', { hasText: shiftName });
    await row.waitFor();
    expect(await row.textContent()).toContain('22:00-次日06:00');

    const shift = (await api<Array<{ shiftId: number; name: string }>>(session, '/card/v1/api/shift/list.json')).obj.find(
      (s) => s.name === shiftName,
    )!;
    const saved = await api<{ staffId: number }>(session, '/card/v1/api/staff/save.json', {
      name: person,
      staffNo: `Y${suffix}`,
      shiftId: shift.shiftId,
    });
    expect(saved.flag).toBe(1);
    await page.goto(`${baseUrl()}/child/card/attendance`);
    await page.getByTestId('card-attendance').getByPlaceholder('姓名/工号/电话/工牌').fill(person);
    await page.getByTestId('card-attendance').getByPlaceholder('姓名/工号/电话/工牌').press('Enter');
    const attendance = page.getByTestId('card-attendance-table').locator('tr', { hasText: person });
    await attendance.waitFor();
    // Today's night period ends tomorrow at 06:00, whatever the hour now.
    expect(await attendance.textContent()).toContain('22:00-次日06:00');
    expect(await attendance.textContent()).toMatch(/未开始|进行中/);
    await shot(page, 'card-attendance-night');

    // 轨迹回放's 当班 plays the whole night: today 22:00 to tomorrow 06:00 (Beijing).
    const day = (offset: number) => new Date(Date.now() + 8 * 3_600_000 + offset * DAY_MS).toISOString().slice(0, 10);
    await page.goto(`${baseUrl()}/child/card/playback`);
    const playback = page.getByTestId('card-playback');
    await playback.locator('.ant-select').first().click();
    await page.keyboard.type(person);
    await page.locator('.ant-select-item-option', { hasText: person }).click();
    await playback.getByTestId('card-playback-range').getByText('当班').click();
    await expect.poll(() => playback.getByTestId('card-playback-span').textContent()).toBe(`${day(0)} 22:00 至 ${day(1)} 06:00`);
    await shot(page, 'card-playback-night');
    expect(errors).toEqual([]);
    await context.close();
  });
});
