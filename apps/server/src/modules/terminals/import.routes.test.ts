import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { TERMINAL_ERRORS } from '@chelian/contracts';
import { readCsv } from './sheetParse.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
});
afterAll(() => t?.close());

const post = (sid: string, url: string, fields: Record<string, string | number>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('车辆');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('vehicle groups', () => {
  it('builds a tree, refuses cycles and deleting a parent, filters vehicles by a group and its sub-groups', async () => {
    const top = (await post(a.sessionId, '/car/v4/api/group/add.json', { name: '华南车队' })).obj.groupId;
    const child = (await post(a.sessionId, '/car/v4/api/group/add.json', { name: '深圳', parentId: top })).obj.groupId;
    const tree = (await get(a.sessionId, '/car/v4/api/group/tree.json')).obj;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({
      name: '华南车队',
      accountId: a.accountId,
      children: [{ name: '深圳', parentId: top, vehicleCount: 0 }],
    });
    expect((await post(a.sessionId, '/car/v4/api/group/update.json', { groupId: top, parentId: child })).errorCode).toBe(
      TERMINAL_ERRORS.groupUnderItself.code,
    );
    expect((await post(a.sessionId, '/car/v4/api/group/delete.json', { groupId: top })).errorCode).toBe(
      TERMINAL_ERRORS.groupHasChildren.code,
    );
    expect((await get(b.sessionId, '/car/v4/api/group/tree.json')).obj).toEqual([]);
    expect((await post(b.sessionId, '/car/v4/api/group/add.json', { name: 'x', parentId: top })).msg).toBe('分组不存在或无权访问');
    // Another account's group is refused everywhere, like a missing one.
    for (const [url, fields] of [
      ['/car/v4/api/group/update.json', { groupId: top, name: '改名' }],
      ['/car/v4/api/group/delete.json', { groupId: top }],
      ['/car/v4/api/vehicle/add.json', { plate: '粤B39999', groupId: top }],
    ] as const)
      expect((await post(b.sessionId, url, fields)).errorCode, url).toBe(TERMINAL_ERRORS.groupNotVisible.code);

    await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B30001', groupId: child });
    const inTop = await get(a.sessionId, `/car/v4/api/vehicle/list.json?groupId=${top}`);
    expect(inTop.obj.list.map((v: { plate: string }) => v.plate)).toEqual(['粤B30001']);
    expect(inTop.obj.list[0].groupName).toBe('深圳');
  });
});

describe('batch import', () => {
  it('checks a sheet row by row before an import (vehicleVerify.json), writing nothing', async () => {
    await post(b.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B40000', terminalId: '868120145233700', protocol: 'gt06' });
    const csv = [
      '设备号,协议,车牌号',
      '13800138010,,粤B40001',
      '868120145233700,,粤B40002',
      '12345,,粤B40000',
      '13800138010,,粤B4',
      ',,粤B40001',
    ].join('\n');
    const res = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/vehicleVerify.json?protocol=jt808',
      ...multipart({ fileName: 'a.csv', content: csv }),
    });
    expect(res.json().obj).toMatchObject({ total: 5, valid: 1, invalid: 4 });
    const rows = res.json().obj.rows;
    expect(rows[0]).toMatchObject({ row: 2, ok: true, terminalId: '13800138010', plate: '粤B40001' });
    expect(rows[1].errors).toContain('设备号已被其他账户使用');
    expect(rows[2].errors).toEqual(expect.arrayContaining(['JT/T 808 设备号（终端手机号）至少6位有效数字', '车牌号已存在']));
    expect(rows[3].errors).toEqual(['设备号与第2行重复', TERMINAL_ERRORS.plateInvalid.msg]);
    expect(rows[4].errors).toEqual(['车牌号与第2行重复']);
    expect((await get(a.sessionId, '/car/v4/api/vehicle/list.json?keyword=粤B4000')).obj.total).toBe(0);
    const wrongColumns = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/vehicleVerify.json',
      ...multipart({ fileName: 'a.csv', content: '设备号,车牌号,颜色\n1,2,3\n' }),
    });
    expect(wrongColumns.json()).toMatchObject({
      flag: 0,
      errorCode: TERMINAL_ERRORS.headerUnknown.code,
      msg: '文件中有无法识别的列：颜色，请使用导入模板的列名',
    });
  });

  it('imports an Excel file: terminals, vehicles, new groups; 15-digit IMEIs typed as numbers survive', async () => {
    const file = await xlsx([
      ['设备号', '协议', '型号', 'SIM卡号', '车牌号', '类型', '分组', '司机', '服务到期'],
      ['13800138020', 'JT808', 'JT701', '1440000000020', '粤B50001', '车辆', '导入组', '李四', '2027-12-31'],
      // 电动车, the type's former name, still reads as 电单车 (older files carry it)
      [868120145233721, 'GT06', 'GT06N', '', '粤B50002', '电动车', '导入组', '', ''],
      ['868120145233722', 'gt06', '', '', '', '', '', '', ''],
    ]);
    const res = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/import.json',
      ...multipart({ fileName: '车辆.xlsx', content: file }),
    });
    expect(res.json()).toMatchObject({ flag: 1, obj: { total: 3, terminals: 3, vehicles: 2 } });
    const v = (await get(a.sessionId, '/car/v4/api/vehicle/list.json?keyword=粤B5000')).obj.list;
    expect(v).toHaveLength(2);
    const first = v.find((x: { plate: string }) => x.plate === '粤B50001');
    expect(first).toMatchObject({ terminalId: '013800138020', groupName: '导入组', driver: '李四', model: 'JT701' });
    expect(new Date(first.serviceExpiresAt).toISOString()).toBe('2027-12-30T16:00:00.000Z');
    expect(v.find((x: { plate: string }) => x.plate === '粤B50002')).toMatchObject({ terminalId: '868120145233721', typeName: '电单车' });
    expect((await get(a.sessionId, '/car/v4/api/terminal/detail.json?terminalId=868120145233722')).obj.vehicleId).toBeNull();
  });

  it('imports a GBK-encoded CSV, and imports nothing when any row is wrong', async () => {
    const csv = '设备号,协议,车牌号,名称\r\n13800138030,808,粤B60001,"冷链车,一号"\r\n';
    const gbk = Buffer.from(new TextEncoder().encode(csv)); // UTF-8 first
    const ok = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/import.json',
      ...multipart({ fileName: 'a.csv', content: gbk }),
    });
    expect(ok.json().obj.vehicles).toBe(1);
    expect((await get(a.sessionId, '/car/v4/api/vehicle/list.json?keyword=60001')).obj.list[0].name).toBe('冷链车,一号');

    // '设备号,协议,车牌号' and two rows, in GBK bytes; the second row reuses a taken plate.
    const gbkBytes = Buffer.from(
      'c9e8b1b8bac52cd0add2e92cb3b5c5c6bac50d0a31333830303133383033312c4a543830382cd4c14236303030320d0a31333830303133383033322c4a543830382cd4c1423630303031',
      'hex',
    );
    const bad = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/import.json',
      ...multipart({ fileName: 'gbk.csv', content: gbkBytes }),
    });
    const body = bad.json();
    expect(body.flag).toBe(0);
    expect(body).toMatchObject({ msg: '导入失败：1行数据有误，请修改后重新导入', errorCode: TERMINAL_ERRORS.importRowsInvalid.code });
    expect(body.obj.rows[1]).toMatchObject({ row: 3, plate: '粤B60001', errors: ['车牌号已存在'] });
    expect((await get(a.sessionId, '/car/v4/api/vehicle/list.json?keyword=60002')).obj.total).toBe(0);
  });

  it('refuses junk uploads in Chinese', async () => {
    const junk = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/import.json',
      ...multipart({ fileName: 'x.xlsx', content: Buffer.from('PK\u0003\u0004garbage') }),
    });
    expect(junk.json()).toMatchObject({
      flag: 0,
      msg: '无法读取文件，请上传 Excel(.xlsx) 或 CSV 文件',
      errorCode: TERMINAL_ERRORS.fileUnreadable.code,
    });
    const noHeader = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/import.json',
      ...multipart({ fileName: 'x.csv', content: 'a,b\n1,2\n' }),
    });
    expect(noHeader.json()).toMatchObject({ errorCode: TERMINAL_ERRORS.headerMissing.code });
    const notMultipart = await post(a.sessionId, '/car/v4/api/vehicle/import.json', { x: 1 });
    expect(notMultipart.flag).toBe(0);
    // Another account's id is refused, and nothing is written.
    const foreign = await t.call(a.sessionId, {
      method: 'POST',
      url: `/car/v4/api/vehicle/import.json?accountId=${b.accountId}`,
      ...multipart({ fileName: 'a.csv', content: '车牌号\n粤B61111\n' }),
    });
    expect(foreign.json()).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.accountNotVisible.code });
    expect((await get(b.sessionId, '/car/v4/api/vehicle/list.json?keyword=61111')).obj.total).toBe(0);
    const template = await t.call(a.sessionId, { url: '/car/v4/api/vehicle/importTemplate.json?format=csv' });
    expect(template.body).toContain('设备号,协议');
  });

  it('takes 10 000 rows: one bad row refuses them all with its reason, the mended sheet imports all, 10 001 are refused', async () => {
    const c = await createTenant(t, { codes: 'all' });
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `1390${String(i).padStart(7, '0')},JT808,粤C${String(i).padStart(5, '0')},车队${i % 20}`,
    );
    // A tenth of the terminals wait in the account's stock: the import claims them into vehicles.
    const stock = rows.filter((_, i) => i % 10 === 0).map((r) => r.split(',')[0]);
    const stocked = await t.call(c.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/import.json?protocol=jt808',
      ...multipart({ fileName: 's.csv', content: `设备号\n${stock.join('\n')}\n` }),
    });
    expect(stocked.json().obj).toMatchObject({ terminals: 1000, vehicles: 0 });
    const sheet = (body: string[]) => multipart({ fileName: '万行.csv', content: `设备号,协议,车牌号,分组\n${body.join('\n')}\n` });

    const bad = [...rows.slice(0, -1), `13900009999,JT808,粤C00000,车队0`];
    const refused = (await t.call(c.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/import.json', ...sheet(bad) })).json();
    expect(refused).toMatchObject({
      flag: 0,
      errorCode: TERMINAL_ERRORS.importRowsInvalid.code,
      msg: '导入失败：1行数据有误，请修改后重新导入',
    });
    expect(refused.obj).toMatchObject({ total: 10_000, valid: 9_999, invalid: 1 });
    expect(refused.obj.rows[9_999]).toMatchObject({ row: 10_001, ok: false, errors: ['车牌号与第2行重复'] });
    expect((await get(c.sessionId, '/car/v4/api/vehicle/list.json')).obj.total).toBe(0);
    expect((await get(c.sessionId, '/car/v4/api/group/tree.json')).obj).toEqual([]);

    const imported = (await t.call(c.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/import.json', ...sheet(rows) })).json();
    expect(imported).toMatchObject({ flag: 1, obj: { total: 10_000, terminals: 10_000, vehicles: 10_000 } });
    expect((await get(c.sessionId, '/car/v4/api/vehicle/list.json?pageSize=1')).obj.total).toBe(10_000);
    expect((await get(c.sessionId, '/car/v4/api/group/tree.json')).obj).toHaveLength(20);
    const claimed = (await get(c.sessionId, '/car/v4/api/vehicle/list.json?keyword=粤C00010')).obj.list[0];
    expect(claimed).toMatchObject({ terminalId: '013900000010', groupName: '车队10' });
    expect((await get(c.sessionId, '/car/v4/api/terminal/list.json?bound=false')).obj.total).toBe(0);

    const tooMany = (
      await t.call(c.sessionId, {
        method: 'POST',
        url: '/car/v4/api/vehicle/vehicleVerify.json',
        ...sheet([...rows, '13911111111,JT808,粤C99999,']),
      })
    ).json();
    expect(tooMany).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.tooManyRows.code, msg: '一次最多导入10000行' });
  }, 60_000);

  it('parses quoted CSV fields with commas, quotes and line breaks', () => {
    expect(readCsv('a,"b,c","d""e"\r\n"f\ng",h\n')).toEqual([
      ['a', 'b,c', 'd"e'],
      ['f\ng', 'h'],
    ]);
  });
});
