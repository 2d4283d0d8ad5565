import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, dialogClosed, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, api, imei, plate, until } from './support/carFleet.ts';

// Issue 15 item 1: vehicles and groups pages of 智能车联. A vehicle added from the page shows in
// the list and on the monitor; an import sheet is checked row by row before anything is written.
let browser: Browser;
let session: string;
let terminal: SteeredTerminal | null = null;
const SHENZHEN = { lon: 114.0579, lat: 22.5431 };

beforeAll(async () => {
  browser = await launch();
  session = await apiLogin();
});
afterAll(async () => {
  terminal?.close();
  await browser?.close();
});

type Vehicles = { total: number; list: Array<{ vehicleId: number; plate: string; terminalId: string; groupName: string; driver: string }> };
const find = (keyword: string) => api<Vehicles>(session, `/car/v4/api/vehicle/list.json?keyword=${encodeURIComponent(keyword)}`);

/** Picks an option of the antd select in the form item labelled `label`. */
async function choose(page: Page, scope: string, label: string, option: string) {
  await page.getByTestId(scope).locator('.ant-form-item', { hasText: label }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function upload(page: Page, name: string, rows: string[]) {
  await page
    .getByTestId('vehicle-import')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n'), 'utf8') });
}

describe('car vehicles and groups pages', () => {
  it('adds a vehicle from the page, lists it and shows it on the monitor', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/child/car/vehicle`);
    await page.getByTestId('vehicle-table').waitFor({ timeout: 60_000 });
    const plateText = plate();
    const terminalId = imei('86914');

    await page.getByTestId('vehicle-add').click();
    const form = page.getByTestId('vehicle-form');
    await form.getByText('新设备必填').waitFor();
    // A plate without the province prefix is refused before anything is sent.
    await page.getByTestId('vehicle-plate').fill('B12345');
    await page.getByTestId('vehicle-terminal').click();
    await form.getByText('车牌号格式不正确').waitFor();
    await page.getByTestId('vehicle-plate').fill(plateText);
    await page.getByTestId('vehicle-terminal').fill(terminalId);
    await choose(page, 'vehicle-form', '设备协议', 'GT06');
    await form.locator('.ant-form-item', { hasText: '司机' }).first().locator('input').fill('张师傅');
    await shot(page, 'car-vehicle-form');
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await dialogClosed(form);

    await page.getByTestId('vehicle-search').locator('input').fill(terminalId);
    await page.getByTestId('vehicle-search').locator('input').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: plateText });
    await row.waitFor();
    expect(await row.innerText()).toContain('张师傅');
    const [saved] = (await find(plateText)).obj.list;
    expect(saved).toMatchObject({ plate: plateText, terminalId, driver: '张师傅' });
    // 编辑: the bound device exists, so 新设备必填 (shown while adding) is not; it is for a device typed anew
    await row.getByTestId('vehicle-edit').click();
    await page.locator('.ant-modal-title', { hasText: '编辑车辆' }).waitFor();
    expect(await page.getByTestId('vehicle-terminal').inputValue()).toBe(terminalId);
    expect(await form.innerText()).not.toContain('新设备必填');
    await page.getByTestId('vehicle-terminal').fill(imei('86915'));
    await form.getByText('新设备必填').waitFor();
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await dialogClosed(form);

    await page.getByTestId('vehicle-search').locator('input').fill('');
    await page.getByTestId('vehicle-search').locator('input').press('Enter');
    await page.locator('.ant-table-row').first().waitFor();

    // The terminal reports; the monitor's tree lists the vehicle with its position.
    terminal = new SteeredTerminal(terminalId);
    await terminal.connect();
    await terminal.fix({ ...SHENZHEN, speed: 20 });
    await page.goto(`${baseUrl()}/child/car/monitor`);
    await page.getByTestId('tree-search').fill(plateText);
    const inTree = page.locator(`[data-testid="tree-vehicle"][data-vehicle-id="${saved.vehicleId}"]`);
    await inTree.waitFor({ timeout: 30_000 });
    await until(async () => ((await inTree.getAttribute('data-state')) !== 'offline' ? true : undefined), 20_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks an import sheet row by row, writes nothing while a row is wrong, then imports', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/child/car/vehicle`);
    await page.getByTestId('vehicle-table').waitFor({ timeout: 60_000 });
    await page.getByTestId('vehicle-import-open').click();
    const [p1, p2] = [plate(), plate()];
    const [t1, t2] = [imei('86915'), imei('86915')];

    await upload(page, 'bad.csv', ['设备号,协议,车牌号,司机', `${t1},GT06,${p1},李四`, `${t1},GT06,B12345,`, `${t2},GT06,${p1},`]);
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('共 3 行：1 行可以导入，2 行有误');
    const reasons = await page.getByTestId('import-rows').innerText();
    expect(reasons).toContain('设备号与第2行重复');
    expect(reasons).toContain('车牌号格式不正确');
    expect(reasons).toContain('车牌号与第2行重复');
    expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    await shot(page, 'car-vehicle-import-check');
    expect((await find(p1)).obj.total).toBe(0);

    // A sheet with a column the template does not have is refused by name.
    await upload(page, 'columns.csv', ['设备号,车牌号,颜色', `${t1},${p1},红`]);
    await page.locator('.ant-message-notice', { hasText: '无法识别的列：颜色' }).waitFor();

    await upload(page, 'good.csv', ['设备号,协议,车牌号,车牌颜色,司机', `${t1},GT06,${p1},黄色,李四`, `${t2},GT06,${p2},,`]);
    await until(async () => ((await summary.innerText()).includes('共 2 行：2 行可以导入，0 行有误') ? true : undefined));
    await page.getByTestId('import-run').click();
    await page.locator('.ant-message-notice', { hasText: '导入完成：新增车辆 2 辆' }).waitFor();
    expect((await find(p1)).obj.list[0]).toMatchObject({ terminalId: t1, driver: '李四' });
    expect((await find(p2)).obj.total).toBe(1);
    await page.getByTestId('vehicle-import').waitFor({ state: 'hidden' });
    await page.getByTestId('vehicle-table').locator('.ant-table-row', { hasText: p2 }).waitFor();
    await shot(page, 'car-vehicles-list');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the vehicle form, 保存 included, on a 1366×768 screen', async () => {
    // Full screen at 1366×768 the shell is not scaled down (smaller windows are), and the form ran off the bottom.
    const { page, context, errors } = await openTab(browser, { width: 1366, height: 768 });
    await login(page);
    await page.goto(`${baseUrl()}/child/car/vehicle`);
    await page.getByTestId('vehicle-table').waitFor({ timeout: 60_000 });
    await page.getByTestId('vehicle-add').click();
    const save = page.locator('.ant-modal-footer').getByRole('button', { name: /保\s*存/ });
    await save.waitFor();
    await page.waitForTimeout(600); // the opening animation
    const title = (await page.locator('.ant-modal-title').filter({ hasText: '新增车辆' }).boundingBox())!;
    const button = (await save.boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(0);
    expect(button.y + button.height).toBeLessThanOrEqual(768);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a group and moves a vehicle into it from the groups page', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    const plateText = plate();
    const added = await api<{ vehicleId: number }>(session, '/car/v4/api/vehicle/add.json', { plate: plateText });
    expect(added.flag).toBe(1);
    await page.goto(`${baseUrl()}/child/car/group`);
    await page.getByTestId('group-tree').waitFor();
    // with no group picked the list holds every vehicle, and says so (not the 车辆管理 page's title)
    expect(await page.getByTestId('group-vehicles-title').innerText()).toBe('全部车辆');
    const name = `测试车队${Date.now() % 10000}`;
    await page.getByTestId('group-add').click();
    await page.getByTestId('group-name').fill(name);
    // a typed name is stored: 保存; moving a vehicle below only confirms a choice: 确定
    await page
      .getByTestId('group-dialog')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    // the dialog closes once the group is stored (a refused save keeps it open with its message)
    await page.getByTestId('group-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('group-node').filter({ hasText: name }).waitFor();

    await page.getByTestId('group-node').filter({ hasText: '未分组' }).click();
    const row = page.locator('.ant-table-row', { hasText: plateText });
    await row.waitFor();
    await row.getByTestId('vehicle-move-one').click();
    await page.getByTestId('vehicle-move').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: name }).click();
    await page
      .getByTestId('vehicle-move')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await row.waitFor({ state: 'detached' });
    expect((await find(plateText)).obj.list[0].groupName).toBe(name);
    await page.getByTestId('group-node').filter({ hasText: name }).click();
    await page.locator('.ant-table-row', { hasText: plateText }).waitFor();
    expect(await page.getByTestId('group-vehicles-title').innerText()).toBe(`“${name}”的车辆`);
    await shot(page, 'car-groups');

    // Deleting a group that holds vehicles asks where they go; here: a second group.
    const other = `备用车队${Date.now() % 10000}`;
    expect((await api(session, '/car/v4/api/group/add.json', { name: other })).flag).toBe(1);
    await page.reload();
    const node = page.getByTestId('group-node').filter({ hasText: name });
    await node.getByTestId('group-actions').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '删除' }).click();
    const dialog = page.getByTestId('group-dialog');
    await dialog.getByText('该分组下有 1 辆车，删除后这些车辆移到：').waitFor();
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: other }).click();
    await shot(page, 'car-group-delete');
    await dialog.getByRole('button', { name: /删\s*除/ }).click();
    await node.waitFor({ state: 'detached' });
    expect((await find(plateText)).obj.list[0].groupName).toBe(other);
    expect(errors).toEqual([]);
    await context.close();
  });
});
