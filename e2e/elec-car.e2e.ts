import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import net from 'node:net';
import { encodeGt06Bms, encodeGt06DeviceStatus, encodeGt06Location, encodeGt06Login, type EbikeStatus } from '@chelian/protocols';
import { api, imei, pause, plate as platePattern } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';

// Issue 17 items 2–3, 电单车卫士: bind an e-bike by the text of its QR code, see its status card,
// arm it, and cut its power while it rides — pending until it slows under 20 km/h, then sent.
let browser: Browser;
let bike: SteeredEbike;
const id = imei('8691880');
const plate = `电${platePattern().slice(2, 7)}`;
const at = { lon: 121.4737, lat: 31.2304 };

/** A GT06 e-bike tracker the test steers: fixes, its 0xF1 status and a BMS report, over real TCP. */
class SteeredEbike {
  private socket!: net.Socket;
  private serial = 1;
  /** What its 0xF1 reports; a test changes it as the tracker would after a command. */
  readonly state: EbikeStatus = { armed: false, acc: true, supplyVolts: 50.6, charging: false, powerCut: false, batteryTempC: 26 };
  constructor(readonly imei: string) {}
  async connect() {
    this.socket = net.connect(e2eServer().gt06Port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => (this.socket.once('connect', resolve), this.socket.once('error', reject)));
    this.socket.on('data', () => undefined); // acknowledgements and commands: this tracker never answers
    this.socket.write(encodeGt06Login(this.imei, this.serial++));
    await pause(300);
  }
  async fix(f: { lon: number; lat: number; speed: number }) {
    this.socket.write(encodeGt06DeviceStatus(this.state, this.serial++));
    this.socket.write(
      encodeGt06Location(
        { time: Date.now(), lat: f.lat, lon: f.lon, valid: true, speedKmh: f.speed, course: 90, satellites: 9, acc: true },
        this.serial++,
      ),
    );
    await pause(150);
  }
  bms(socPct: number) {
    const cells = [3.91, 3.92, 3.9, 3.93, 3.91, 3.92, 3.9, 3.91, 3.94, 3.92, 3.9, 3.91, 3.92];
    this.socket.write(
      encodeGt06Bms(
        {
          socPct,
          remainingMah: socPct * 200,
          fullMah: 20_000,
          healthPct: 96,
          temperatureC: 27.5,
          currentA: -3.2,
          voltageV: 50.8,
          cycles: 86,
          cellVolts: cells,
          time: Date.now(),
        },
        this.serial++,
      ),
    );
  }
  close() {
    this.socket?.end();
  }
}

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  const added = await api(admin, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' });
  if (added.flag !== 1) throw new Error(added.msg);
  const fence = await api(
    admin,
    '/car/v4/api/geofence/add.json',
    { name: `小区车棚${id.slice(-4)}`, kind: 'circle', center: [at.lon, at.lat], radius: 150 },
    true,
  );
  if (fence.flag !== 1) throw new Error(fence.msg);
  bike = new SteeredEbike(id);
  await bike.connect();
  for (const soc of [71, 70, 69, 68]) {
    bike.bms(soc);
    await pause(200);
  }
  await bike.fix({ ...at, speed: 0 });
});
afterAll(async () => {
  bike?.close();
  await browser?.close();
});

describe('电单车卫士', () => {
  it('binds a bike by QR text, shows its status, arms it and cuts its power safely', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/elec-car/bikes`);
    const frame = page.frameLocator('iframe').first();
    await frame.getByTestId('bike-bind').click();
    await frame.getByTestId('bind-imei').fill(`IMEI:${id};SN=E2E`);
    await frame.getByTestId('bind-plate').fill(plate);
    await frame.getByTestId('bind-brand').fill('雅迪');
    await frame.locator('#batteryVoltage').fill('48');
    await frame.locator('#batteryCapacity').fill('20');
    await shot(page, 'elec-car-bind');
    await frame.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = frame.getByTestId('bike-table').locator('tr', { hasText: plate });
    await row.getByText('在线').waitFor({ timeout: 20_000 });
    await shot(page, 'elec-car-bikes');

    await row.getByTestId('bike-plate').click();
    const status = frame.getByTestId('ec-status');
    await status.getByText(plate).waitFor();
    await status.getByText('卫星定位').waitFor();
    await status.getByText('68%').waitFor(); // the BMS's state of charge
    await frame.getByTestId('ec-range').getByText('54 km').waitFor(); // 68 % of 48 V × 20 Ah at 12 Wh/km
    await frame.getByTestId('ec-control-arm').click();
    await frame.getByText('设防指令已下发').waitFor();
    bike.state.armed = true; // the tracker armed: its next status says so
    await bike.fix({ ...at, speed: 0 });
    await status.getByText('已设防').waitFor({ timeout: 15_000 });

    // Riding at 32 km/h: the cut waits.
    await bike.fix({ ...at, lat: at.lat + 0.0005, speed: 32 });
    await status.getByText('32 km/h').waitFor({ timeout: 15_000 }); // the card refreshes every 5 s
    await frame.getByTestId('ec-control-cut').click();
    await frame.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await frame.getByTestId('ec-pending-cut').waitFor();
    await frame.getByTestId('ec-power-orders').getByText('等待减速').waitFor();
    await shot(page, 'elec-car-monitor-pending-cut');

    // Slowed to 8 km/h: the cut goes down to the terminal.
    await bike.fix({ ...at, lat: at.lat + 0.0006, speed: 8 });
    await frame.getByTestId('ec-power-orders').getByText('已下发，等待回复').waitFor({ timeout: 20_000 });
    await frame.getByTestId('ec-pending-cut').waitFor({ state: 'detached' });
    await shot(page, 'elec-car-monitor');
    // The shell's vehicle dialog follows the bike on the map (a bike is a vehicle of the platform).
    // the administrator holds the car product's 轨迹回放 (a menu, not a button): the page offers it
    await frame.getByRole('button', { name: '轨迹回放' }).waitFor();
    await frame.getByTestId('ec-follow').click();
    const dialog = page.locator('.cl-vehicle-dialog');
    await dialog.locator('.ant-tabs-tab-active', { hasText: '实时跟踪' }).waitFor();
    await bike.fix({ ...at, lat: at.lat + 0.0007, speed: 0 });
    await dialog.getByText('实时轨迹').waitFor({ timeout: 15_000 });
    await shot(page, 'elec-car-follow');
    await dialog.getByRole('tab', { name: '基本信息' }).click();
    await dialog.getByText('设防状态ACC开启').waitFor(); // the platform's own alarm, in the dialog's recent alarms
    await shot(page, 'elec-car-vehinfo');
    await dialog.locator('.ant-modal-close').click();

    for (const [path, testId, name] of [
      ['guard', 'ec-guard', 'elec-car-guard'],
      ['trips', 'ec-trips-page', 'elec-car-trips'],
      ['fence', 'ec-fence', 'elec-car-fence'],
      ['alarm', 'ec-alarm', 'elec-car-alarm'],
      ['battery', 'ec-battery', 'elec-car-battery'],
    ] as const) {
      await page.goto(`${baseUrl()}/elec-car/${path}`);
      await page.frameLocator('iframe').first().getByTestId(testId).waitFor({ timeout: 20_000 });
      // Armed, then ridden with the key on: the platform's own alarm, listed among the e-bike alarms.
      const body = page.frameLocator('iframe').first();
      if (path === 'alarm') await body.getByTestId('ec-alarm-table').getByText('设防状态ACC开启').first().waitFor();
      if (path === 'fence') {
        const row = body.getByTestId('ec-fences').locator('tr', { hasText: `小区车棚${id.slice(-4)}` });
        await row.getByRole('switch').click();
        await row.locator('.ant-switch-checked').waitFor();
      }
      await shot(page, name);
    }
    expect(errors).toEqual([]);
    expect(await toasts(page)).not.toContain('请求失败');
  });
});
