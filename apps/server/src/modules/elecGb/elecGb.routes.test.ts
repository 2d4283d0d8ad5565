import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { idCheckChar } from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { DECLARE_MAX_PER_WINDOW } from './declare.service.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
const api = '/elec-gb/v1/api';
const imei = '868120145240001';
const imei2 = '868120145240002';
const ownerId = '11010519491231002X';
const id17 = '32010219850615123';
const otherId = id17 + idCheckChar(id17);
const wrongCheck = id17 + (idCheckChar(id17) === '0' ? '1' : '0');
let bikeId = 0;

const post = (sid: string | null, url: string, fields: Record<string, string | number | boolean>, ip?: string) =>
  t.call(sid, { method: 'POST', url, ...form(fields), ...(ip ? { remoteAddress: ip } : {}) }).then((r) => r.json());
const get = (sid: string | null, url: string) => t.call(sid, { url }).then((r) => r.json());

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('备案');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  for (const id of [imei, imei2])
    expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' })).flag).toBe(1);
});
afterAll(() => t?.close());

describe('备案登记', () => {
  it('registers a bike with its owner, module and battery; a known owner makes it registered', async () => {
    const res = await post(a.sessionId, `${api}/bike/add.json`, {
      frameNo: ' yd2025a0001 ',
      plate: '苏a12345',
      brand: '雅迪',
      model: 'DE3',
      motorNo: 'm48v001',
      cccCert: '2024011119001234',
      batteryType: '锂离子电池',
      batteryCapacity: 20,
      batteryVoltage: 48,
      batteryCode: 'bt48v20a0001',
      terminalId: imei,
      ownerName: '张三',
      ownerPhone: '13800138000',
      ownerIdNo: ownerId.toLowerCase(),
      useType: 'rental',
      positioningConsent: true,
    });
    expect(res.flag).toBe(1);
    bikeId = res.obj.bikeId;
    expect(res.obj).toMatchObject({
      frameNo: 'YD2025A0001',
      plate: '苏A12345',
      batteryCode: 'BT48V20A0001',
      batteryType: 'lithium',
      batteryTypeName: '锂离子电池',
      terminalId: imei,
      ownerIdNo: ownerId,
      useType: 'rental',
      useTypeName: '共享租赁',
      state: 'registered',
      stateName: '已备案',
      issues: [],
      online: false,
    });
    const pending = await post(a.sessionId, `${api}/bike/add.json`, { frameNo: 'YD2025A0002', useType: '城市物流' });
    expect(pending.obj).toMatchObject({
      state: 'pending',
      issues: ['备案待审核', '商用车辆须安装北斗定位模块', '缺少CCC认证证书编号', '缺少车主身份证号'],
    });
    const list = await get(a.sessionId, `${api}/bike/list.json?keyword=${encodeURIComponent('苏A1')}`);
    expect(list.obj.list.map((x: { bikeId: number }) => x.bikeId)).toEqual([bikeId]);
    expect((await get(a.sessionId, `${api}/bike/list.json?state=pending`)).obj.total).toBe(1);
    const ids = async (query: string) =>
      (await get(a.sessionId, `${api}/bike/list.json?${query}`)).obj.list.map((x: { bikeId: number }) => x.bikeId);
    expect(await ids('state=registered')).toEqual([bikeId]);
    expect(await ids('useType=rental')).toEqual([bikeId]);
    expect(await ids(`useType=${encodeURIComponent('城市物流')}`)).toEqual([pending.obj.bikeId]); // its Chinese name, as the form takes it
    expect(await ids('state=registered&useType=logistics')).toEqual([]);
  });

  it('refuses a registry filter there is not in Chinese, in the list and the export', async () => {
    for (const path of ['bike/list.json', 'bike/export.json']) {
      for (const state of ['deleted', 'toString'])
        expect(await get(a.sessionId, `${api}/${path}?state=${state}`)).toMatchObject({
          flag: 0,
          errorCode: 'elecGb.stateUnknown',
          msg: `不支持的备案状态：${state}（可选 pending、registered、rejected）`,
        });
      for (const useType of ['bicycle', 'toString'])
        expect(await get(a.sessionId, `${api}/${path}?useType=${useType}`)).toMatchObject({
          flag: 0,
          errorCode: 'elecGb.useTypeInvalid',
          msg: '使用性质应为 个人自用、城市物流 或 共享租赁',
        });
    }
  });

  it('refuses bad input with Chinese messages and stable codes', async () => {
    const cases: Array<[Record<string, string | number | boolean>, string, string]> = [
      [{ frameNo: '' }, 'elecGb.frameNoMissing', '请填写车架号'],
      [{ frameNo: 'AB-12' }, 'elecGb.frameNoInvalid', '车架号应为6到30位字母或数字'],
      [{ frameNo: 'YD2025A0003', ownerIdNo: wrongCheck }, 'elecGb.idNumberCheckDigit', '身份证号校验位不正确'],
      [{ frameNo: 'YD2025A0003', ownerIdNo: '110105194913310021' }, 'elecGb.idNumberBirthDate', '身份证号中的出生日期无效'],
      [{ frameNo: 'YD2025A0003', ownerPhone: '1380013800' }, 'elecGb.phoneInvalid', '手机号格式不正确'],
      [{ frameNo: 'YD2025A0003', useType: '自行车' }, 'elecGb.useTypeInvalid', '使用性质应为 个人自用、城市物流 或 共享租赁'],
      // an inherited name is no key either
      [{ frameNo: 'YD2025A0003', useType: 'toString' }, 'elecGb.useTypeInvalid', '使用性质应为 个人自用、城市物流 或 共享租赁'],
      [{ frameNo: 'YD2025A0003', batteryType: '钠电池' }, 'elecGb.batteryTypeInvalid', '电池类型应为 锂离子电池、铅酸电池 或 其他'],
      [{ frameNo: 'yd2025a0001' }, 'elecGb.frameNoTaken', '车架号 YD2025A0001 已备案'],
      [{ frameNo: 'YD2025A0003', plate: '苏A12345' }, 'elecGb.plateTaken', '号牌 苏A12345 已被其他车辆使用'],
      [{ frameNo: 'YD2025A0003', terminalId: imei }, 'elecGb.terminalBound', `设备 ${imei} 已绑定备案车辆 YD2025A0001`],
      [{ frameNo: 'YD2025A0003', terminalId: '868120145249999' }, 'terminal.terminalNotVisible', '设备不存在或无权访问'],
    ];
    for (const [fields, errorCode, msg] of cases)
      expect(await post(a.sessionId, `${api}/bike/add.json`, fields)).toMatchObject({ flag: 0, errorCode, msg });
    expect(await post(a.sessionId, `${api}/bike/add.json`, { frameNo: 'YD2025A0003', batteryVoltage: 500 })).toMatchObject({ flag: 0 });
  });

  it('answers another tenant’s bike (and its module) exactly like a missing one', async () => {
    expect(await post(b.sessionId, `${api}/bike/add.json`, { frameNo: 'YD2025B0001', terminalId: imei2 })).toMatchObject({
      msg: '设备不存在或无权访问',
    });
    const missing = { flag: 0, errorCode: 'elecGb.bikeNotVisible', msg: '备案车辆不存在或无权访问' };
    for (const id of [bikeId, 987654]) {
      expect(await get(b.sessionId, `${api}/bike/detail.json?bikeId=${id}`)).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/bike/update.json`, { bikeId: id, brand: 'x' })).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/bike/delete.json`, { bikeIds: String(id) })).toMatchObject(missing);
      expect(await get(b.sessionId, `${api}/battery/trend.json?bikeId=${id}`)).toMatchObject(missing);
      expect(await get(b.sessionId, `${api}/alarm/list.json?bikeId=${id}`)).toMatchObject(missing);
      expect((await t.call(b.sessionId, { url: `/car/v4/api/prevent/declare/generateQRCode.json?bikeId=${id}` })).json()).toMatchObject(
        missing,
      );
    }
    expect((await get(b.sessionId, `${api}/bike/list.json`)).obj.total).toBe(0);
    expect((await get(b.sessionId, `${api}/battery/board.json`)).obj.total).toBe(0);
    expect((await get(b.sessionId, `${api}/stats/summary.json`)).obj).toMatchObject({ registered: 0, pending: 0, alarms: 0 });
  });

  it('edits, and deletes only after the module of a registered bike is unbound', async () => {
    const edited = await post(a.sessionId, `${api}/bike/update.json`, { bikeId, model: 'DE3 Pro', batteryVoltage: 72 });
    expect(edited.obj).toMatchObject({ model: 'DE3 Pro', brand: '雅迪', issues: ['锂离子电池标称电压超过60V（GB 43854-2024）'] });
    expect(await post(a.sessionId, `${api}/bike/delete.json`, { bikeIds: String(bikeId) })).toMatchObject({
      flag: 0,
      errorCode: 'elecGb.deleteBound',
      msg: '车辆 YD2025A0001 已备案并绑定定位模块，请先解绑模块再删除',
    });
    const spare = (await post(a.sessionId, `${api}/bike/add.json`, { frameNo: 'YD2025A0099' })).obj.bikeId;
    expect((await post(a.sessionId, `${api}/bike/delete.json`, { bikeIds: String(spare) })).obj).toEqual({ deleted: 1 });
    await post(a.sessionId, `${api}/bike/update.json`, { bikeId, batteryVoltage: 48 });
  });
});

describe('Excel import and export', () => {
  const header = [
    '车架号',
    '号牌',
    '品牌',
    '电池类型',
    '电池电压(V)',
    '定位模块IMEI',
    '车主姓名',
    '车主手机',
    '车主身份证号',
    '使用性质',
    '定位授权',
  ];

  it('checks every row and says what is wrong with each, in Chinese, importing nothing', async () => {
    const file = await xlsx([
      header,
      ['YD2025C0001', '苏A20001', '爱玛', '锂离子电池', 48, imei2, '李四', '13900139000', otherId, '个人自用', '是'],
      ['YD2025C0001', '苏A20002', '爱玛', '石墨烯', 'x', '', '王五', '139', wrongCheck, '共享租赁', '也许'],
      ['yd2025a0001', '苏A12345', '', '', '', imei, '', '', '', '', ''],
      ['', '', '', '', '', '868120145249999', '', '', '', '', ''],
    ]);
    const verify = await t.call(a.sessionId, {
      method: 'POST',
      url: `${api}/bike/importVerify.json`,
      ...multipart({ fileName: '备案.xlsx', content: file }),
    });
    const checked = verify.json().obj;
    expect(checked).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    expect(checked.rows[0]).toMatchObject({ row: 2, ok: true, errors: [] });
    expect(checked.rows[1].errors).toEqual([
      '身份证号校验位不正确',
      '手机号格式不正确',
      '电池类型应为 锂离子电池、铅酸电池 或 其他',
      '定位授权应填 是 或 否',
      '电池电压应为6到120之间的数字',
      '车架号与第2行重复',
    ]);
    expect(checked.rows[2].errors).toEqual([
      '车架号 YD2025A0001 已备案',
      '号牌 苏A12345 已被其他车辆使用',
      `定位模块 ${imei} 已绑定其他备案车辆`,
    ]);
    expect(checked.rows[3].errors).toEqual(['请填写车架号', '定位模块 868120145249999 不存在或无权访问']);

    const refused = (
      await t.call(a.sessionId, { method: 'POST', url: `${api}/bike/import.json`, ...multipart({ fileName: '备案.xlsx', content: file }) })
    ).json();
    expect(refused).toMatchObject({
      flag: 0,
      errorCode: 'elecGb.importRejected',
      msg: '导入文件有3行错误，未导入任何数据',
      obj: { invalid: 3 },
    });
    expect((await get(a.sessionId, `${api}/bike/list.json?keyword=YD2025C`)).obj.total).toBe(0);
    const unknownColumn = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: `${api}/bike/importVerify.json`,
        ...multipart({ fileName: 'a.csv', content: '车架号,颜色\nYD1234567,红\n' }),
      })
    ).json();
    expect(unknownColumn).toMatchObject({ flag: 0, errorCode: 'terminal.headerUnknown' });
  });

  it('imports a clean sheet (the template’s own columns) and exports it again', async () => {
    const template = await t.call(a.sessionId, { url: `${api}/bike/importTemplate.json` });
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const file = await xlsx([
      header,
      ['YD2025C0001', '苏A20001', '爱玛', '锂离子电池', 48, imei2, '李四', '13900139000', otherId, '个人自用', '是'],
      ['YD2025C0002', '', '', '', '', '', '', '', '', '', ''],
    ]);
    const res = (
      await t.call(a.sessionId, { method: 'POST', url: `${api}/bike/import.json`, ...multipart({ fileName: '备案.xlsx', content: file }) })
    ).json();
    expect(res).toMatchObject({ flag: 1, obj: { total: 2, imported: 2 } });
    const imported = (await get(a.sessionId, `${api}/bike/list.json?keyword=YD2025C0001`)).obj.list[0];
    expect(imported).toMatchObject({
      terminalId: imei2,
      ownerIdNo: otherId,
      state: 'registered',
      positioningConsent: true,
      batteryVoltage: 48,
    });

    // a sheet past one statement's 500 rows (CSV, as Excel in China saves it, with a BOM)
    const csv = `\uFEFF车架号,使用性质\n${Array.from({ length: 620 }, (_, i) => `YD2025M${String(i).padStart(5, '0')},城市物流`).join('\n')}\n`;
    expect(
      (
        await t.call(a.sessionId, { method: 'POST', url: `${api}/bike/import.json`, ...multipart({ fileName: '备案.csv', content: csv }) })
      ).json().obj,
    ).toEqual({ total: 620, imported: 620 });
    expect((await get(a.sessionId, `${api}/bike/list.json?keyword=YD2025M`)).obj).toMatchObject({
      total: 620,
      list: [{ useType: 'logistics', state: 'pending' }, ...Array(9).fill(expect.anything())],
    });
    await t.ctx.db.query(`DELETE FROM elec_gb_bikes WHERE frame_no LIKE 'YD2025M%'`); // out of the later tests' counts

    const exported = await t.call(a.sessionId, { url: `${api}/bike/export.json?keyword=YD2025C` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('车架号');
    expect(sheet.rowCount).toBe(3);
    const rows = [2, 3].map((n) => sheet.getRow(n).getCell(1).value);
    expect(rows.sort()).toEqual(['YD2025C0001', 'YD2025C0002']);
  });
});

describe('申报二维码 and the public declaration', () => {
  let token = '';

  it('draws a PNG QR code that decodes to the bike’s declaration page', async () => {
    const res = await t.call(a.sessionId, {
      url: `/car/v4/api/prevent/declare/generateQRCode.json?bikeId=${bikeId}&size=240`,
      headers: { host: 'gb.example.cn' },
    });
    expect(res.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(res.rawPayload);
    expect(png.width).toBe(240);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const url = new URL(code!.data);
    expect(`${url.origin}${url.pathname}`).toBe('http://gb.example.cn/child/elec-gb/declare-form');
    token = url.searchParams.get('t')!;
    expect(token).toMatch(/^[\w-]{16}$/);
    const post2 = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/prevent/declare/generateQRCode.json',
      ...form({ bikeId }),
    });
    expect(post2.headers['content-type']).toBe('image/png');
  });

  it('shows the bike without a login, hiding the frame number’s middle; an unknown code is refused', async () => {
    expect(await get(null, `${api}/declare/form.json?t=${token}`)).toMatchObject({
      flag: 1,
      obj: { brand: '雅迪', frameNo: 'YD2*****001', stateName: '已备案', pending: false },
    });
    expect(await get(null, `${api}/declare/form.json?t=nope`)).toMatchObject({
      flag: 0,
      errorCode: 'elecGb.declareUnknown',
      msg: '二维码无效或车辆已注销',
    });
  });

  it('validates the owner’s declaration, keeps one pending per bike, and limits submissions per address', async () => {
    const base = {
      t: token,
      ownerName: '赵六',
      ownerPhone: '13700137000',
      ownerIdNo: otherId,
      useType: 'personal',
      positioningConsent: true,
      plate: '苏a30003',
    };
    expect(await post(null, `${api}/declare/submit.json`, { ...base, ownerIdNo: wrongCheck }, '10.1.1.1')).toMatchObject({
      flag: 0,
      msg: '身份证号校验位不正确',
    });
    expect(await post(null, `${api}/declare/submit.json`, { ...base, ownerName: ' ' }, '10.1.1.1')).toMatchObject({
      flag: 0,
      msg: '请填写车主姓名',
    });
    expect(
      await post(null, `${api}/declare/submit.json`, { ...base, useType: 'rental', positioningConsent: false }, '10.1.1.1'),
    ).toMatchObject({ flag: 0, errorCode: 'elecGb.consentRequired', msg: '商用车辆（城市物流、共享租赁）须同意定位授权' });
    expect(await post(null, `${api}/declare/submit.json`, { ...base, useType: 'constructor' }, '10.1.1.9')).toMatchObject({
      flag: 0,
      errorCode: 'elecGb.useTypeInvalid',
    });
    const first = await post(null, `${api}/declare/submit.json`, base, '10.1.1.1');
    expect(first).toMatchObject({ flag: 1, obj: { status: 'pending' } });
    const again = await post(null, `${api}/declare/submit.json`, { ...base, ownerName: '赵六六' }, '10.1.1.2');
    expect(again.obj.declarationId).toBe(first.obj.declarationId);
    expect((await get(null, `${api}/declare/form.json?t=${token}`)).obj.pending).toBe(true);
    for (let i = 0; i < DECLARE_MAX_PER_WINDOW; i++) await post(null, `${api}/declare/submit.json`, base, '10.9.9.9');
    expect(await post(null, `${api}/declare/submit.json`, base, '10.9.9.9')).toMatchObject({
      flag: 0,
      errorCode: 'common.tooManyRequests',
      msg: '操作过于频繁，请稍后再试',
    });
  });

  it('lets an operator approve it once: the declared owner becomes the registration’s; others do not see it', async () => {
    const list = (await get(a.sessionId, `${api}/declare/list.json?status=pending`)).obj;
    expect(list.total).toBe(1);
    const d = list.list[0];
    expect(d).toMatchObject({ ownerName: '赵六', plate: '苏A30003', statusName: '待审核', frameNo: 'YD2025A0001' });
    expect((await get(b.sessionId, `${api}/declare/list.json`)).obj.total).toBe(0);
    expect(await post(b.sessionId, `${api}/declare/review.json`, { declarationId: d.declarationId, approve: true })).toMatchObject({
      flag: 0,
      errorCode: 'elecGb.declarationNotVisible',
    });
    const approved = await post(a.sessionId, `${api}/declare/review.json`, {
      declarationId: d.declarationId,
      approve: true,
      note: '核验无误',
    });
    expect(approved.obj).toMatchObject({ status: 'approved', statusName: '已通过', reviewNote: '核验无误' });
    expect((await get(a.sessionId, `${api}/bike/detail.json?bikeId=${bikeId}`)).obj).toMatchObject({
      ownerName: '赵六',
      ownerIdNo: otherId,
      plate: '苏A30003',
      useType: 'personal',
    });
    expect(await post(a.sessionId, `${api}/declare/review.json`, { declarationId: d.declarationId, approve: false })).toMatchObject({
      flag: 0,
      errorCode: 'elecGb.declarationReviewed',
      msg: '该申报已审核，不能重复审核',
    });
    const ids = async (status: string) =>
      (await get(a.sessionId, `${api}/declare/list.json?status=${status}`)).obj.list.map((x: { declarationId: number }) => x.declarationId);
    expect(await ids('approved')).toEqual([d.declarationId]);
    expect(await ids('pending')).toEqual([]);
    for (const status of ['done', 'toString'])
      expect(await get(a.sessionId, `${api}/declare/list.json?status=${status}`)).toMatchObject({
        flag: 0,
        errorCode: 'elecGb.declarationStatusUnknown',
        msg: `不支持的申报状态：${status}（可选 pending、approved、rejected）`,
      });
  });
});

describe('statistics', () => {
  it('counts registrations, modules, compliance and use types, and exports them to Excel', async () => {
    const s = (await get(a.sessionId, `${api}/stats/summary.json`)).obj;
    expect(s).toMatchObject({ registered: 2, pending: 2, withModule: 2, online: 0, onlineRate: 0, alarms: 0 });
    expect(s.byUseType.find((x: { key: string }) => x.key === 'personal').count).toBe(3);
    expect(s.health.find((x: { key: string }) => x.key === 'unknown').count).toBe(4);
    expect(s.days).toHaveLength(7);
    expect(s.days.at(-1).registered).toBe(4);
    const file = await t.call(a.sessionId, { url: `${api}/stats/export.json` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['总览', '报警类型', '使用性质', '电池健康', '每日']);
  });
});
