import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import fs from 'node:fs';
import net from 'node:net';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { encodeGt06Bms, encodeGt06Location, encodeGt06Login } from '@chelian/protocols';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { api, imei, pause } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';

// Issue 17 item 5, 新国标: every menu opens; an operator registers a bike with its module, sees and
// prints its declaration QR code, which opens the public form an owner fills without logging in;
// the module rides at 32 km/h and a hot pack reports: the GB alarms and the battery board show it.
let browser: Browser;
let socket: net.Socket;
let serial = 1;
const id = imei('8691990');
const frameNo = `YDE2E${id.slice(-8)}`;
const at = { lon: 121.4737, lat: 31.2304 };

const send = (frame: Buffer) => socket.write(frame);
const fix = (speedKmh: number) =>
  send(encodeGt06Location({ time: Date.now(), ...at, valid: true, speedKmh, course: 90, satellites: 9, acc: true }, serial++));

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  const added = await api(admin, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' });
  if (added.flag !== 1) throw new Error(added.msg);
  socket = net.connect(e2eServer().gt06Port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => (socket.once('connect', resolve), socket.once('error', reject)));
  socket.on('data', () => undefined);
  send(encodeGt06Login(id, serial++));
  await pause(300);
});
afterAll(async () => {
  socket?.end();
  await browser?.close();
});

describe('新国标', () => {
  it('registers a bike, prints its QR code, takes the owner’s declaration, and shows its GB alarms and battery', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/elec-gb/record`);
    const frame = page.frameLocator('iframe').first();
    await frame.getByTestId('gb-add').click();
    await frame.getByTestId('gb-form-frameNo').fill(frameNo);
    await frame.getByTestId('gb-form-brand').fill('雅迪');
    await frame.getByTestId('gb-form-terminalId').fill(id);
    await frame.getByTestId('gb-form-batteryCode').fill('BT48V20A0001');
    await frame.getByTestId('gb-form-ownerIdNo').fill('110105194912310021'); // wrong check digit: refused in the form
    await frame.getByTestId('gb-form-ownerName').click();
    await frame.getByText('身份证号校验位不正确').waitFor();
    await frame.getByTestId('gb-form-ownerIdNo').fill('11010519491231002X');
    await frame.getByTestId('gb-form-ownerName').fill('张三');
    await shot(page, 'elec-gb-add');
    await frame.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = frame.getByTestId('gb-table').locator('tr', { hasText: frameNo });
    await row.getByText('已备案').waitFor();
    await row.getByText('在线').waitFor({ timeout: 20_000 });
    await shot(page, 'elec-gb-record');

    // 申报二维码: the bike's QR code, and the A4 label sheet
    await page.goto(`${baseUrl()}/elec-gb/declare`);
    const qrRow = frame.getByTestId('gb-qr-table').locator('tr', { hasText: frameNo });
    await qrRow.locator('img').waitFor();
    await page.waitForFunction(() => {
      const img = document
        .querySelector('iframe')
        ?.contentDocument?.querySelector('[data-testid="gb-qr-table"] img') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await qrRow.locator('.ant-checkbox-input').check();
    await frame.getByTestId('gb-print').click();
    await frame.getByTestId('gb-sheet').getByText(frameNo).waitFor();
    await shot(page, 'elec-gb-print');
    // …downloaded, not print only: the label as a PNG whose QR code reads, the A4 sheet as a PDF.
    const saved = async (testId: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), frame.getByTestId(testId).first().click()]);
      return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path())!) };
    };
    const label = await saved('gb-download-png');
    expect(label.name).toBe(`申报二维码-${frameNo}.png`);
    const labelPng = PNG.sync.read(label.bytes);
    const labelUrl = jsQR(new Uint8ClampedArray(labelPng.data), labelPng.width, labelPng.height)?.data;
    expect(new URL(labelUrl!).pathname).toBe('/child/elec-gb/declare-form');
    const sheet = await saved('gb-download-pdf');
    expect(sheet.name).toMatch(/^申报二维码标签-1枚-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = sheet.bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('/Count 1');
    expect(pdf).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pdf).toContain('/Filter /DCTDecode');
    await frame.locator('.ant-modal-close').click();

    // The QR code's address opens the public form on a phone, with no login
    const admin = await apiLogin();
    const bikeId = (await api<{ list: Array<{ bikeId: number }> }>(admin, `/elec-gb/v1/api/bike/list.json?keyword=${frameNo}`)).obj.list[0]!
      .bikeId;
    const png = PNG.sync.read(
      Buffer.from(
        await (
          await fetch(`${baseUrl()}/car/v4/api/prevent/declare/generateQRCode.json?bikeId=${bikeId}&sessionId=${admin}`)
        ).arrayBuffer(),
      ),
    );
    const url = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data;
    expect(new URL(url).pathname).toBe('/child/elec-gb/declare-form');
    const phone = await openTab(browser, { width: 390, height: 844 });
    await phone.page.goto(url);
    const form = phone.page.getByTestId('gb-declare-form');
    await form.getByText('雅迪').waitFor();
    await phone.page.getByTestId('gb-f-name').fill('李四');
    await phone.page.getByTestId('gb-f-phone').fill('13900139000');
    await phone.page.getByTestId('gb-f-id').fill('11010519491231002X');
    await phone.page.getByTestId('gb-f-consent').click();
    await shot(phone.page, 'elec-gb-declare-form');
    await phone.page.getByTestId('gb-f-submit').click();
    await phone.page.getByTestId('gb-form-done').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await page.reload();
    const declared = frame.getByTestId('gb-declarations').locator('tr', { hasText: '李四' });
    await declared.getByText('待审核').waitFor();
    await declared.getByTestId('gb-approve').click();
    await frame.getByTestId('gb-declarations').locator('.ant-empty-description').waitFor();
    await shot(page, 'elec-gb-declare');

    // Riding at 32 km/h with a hot pack: the GB alarms
    fix(20);
    await pause(200);
    fix(32);
    send(
      encodeGt06Bms(
        {
          socPct: 64,
          remainingMah: 12_800,
          fullMah: 20_000,
          healthPct: 91,
          temperatureC: 63,
          currentA: -8,
          voltageV: 50.6,
          cycles: 120,
          cellVolts: Array.from({ length: 13 }, (_, i) => (i === 0 ? 3.5 : 3.9)),
          time: Date.now(),
          barcode: 'BT48V20A0001',
        },
        serial++,
      ),
    );
    await pause(500);
    await page.goto(`${baseUrl()}/elec-gb/alarm`);
    const alarms = frame.getByTestId('gb-alarm-table');
    await alarms.getByText('车速超过25km/h').waitFor({ timeout: 20_000 });
    await alarms.getByText('电池温度过高').waitFor();
    await alarms.getByText('电芯压差过大').waitFor();
    await shot(page, 'elec-gb-alarm');

    await page.goto(`${baseUrl()}/elec-gb/battery`);
    const battery = frame.getByTestId('gb-battery-table').locator('tr', { hasText: frameNo });
    await battery.getByText('63.0 °C').waitFor();
    await battery.getByTestId('gb-trend').click();
    await frame.getByTestId('gb-trend-chart').locator('canvas').waitFor();
    await pause(500); // ECharts draws on the next frames
    await shot(page, 'elec-gb-battery-trend');
    await frame.locator('.ant-modal-close').click();
    await shot(page, 'elec-gb-battery');

    await page.goto(`${baseUrl()}/elec-gb/stats`);
    await frame.getByTestId('gb-figures').getByText('合规率').waitFor();
    await frame.getByTestId('gb-chart-types').locator('canvas').waitFor();
    await pause(500);
    await shot(page, 'elec-gb-stats');
    expect(errors).toEqual([]);
    expect(await toasts(page)).not.toContain('请求失败');
  });
});
