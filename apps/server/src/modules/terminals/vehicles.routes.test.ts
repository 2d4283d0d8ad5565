import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { TERMINAL_ERRORS } from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

let t: TestServer;
let admin: string;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  admin = await t.login();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
});
afterAll(() => t?.close());

const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());

describe('vehicles and their terminals', () => {
  it('creates a vehicle with a new JT/T 808 terminal, stored as 12 BCD digits and found without leading zeros', async () => {
    const res = await post(a.sessionId, '/car/v4/api/vehicle/add.json', {
      plate: '粤B10001',
      terminalId: '13800138001',
      protocol: 'jt808',
      sim: '1440000000001',
      driver: '张三',
    });
    expect(res.flag).toBe(1);
    expect(res.obj).toMatchObject({
      plate: '粤B10001',
      name: '粤B10001',
      type: 'vehicle',
      typeName: '车辆',
      terminalId: '013800138001',
      protocol: 'jt808',
      accountId: a.accountId,
      online: false,
      terminalStatusName: '未激活',
    });
    const detail = await get(a.sessionId, '/car/v4/api/terminal/detail.json?terminalId=13800138001');
    expect(detail.obj).toMatchObject({ terminalId: '013800138001', vehicleId: res.obj.vehicleId, plate: '粤B10001', assigned: true });
    const padded = await get(a.sessionId, '/car/v4/api/terminal/detail.json?terminalId=00000000013800138001');
    expect(padded.obj.terminalId).toBe('013800138001');
  });

  it('refuses a taken plate, a bad identifier and a terminal of another tenant, in Chinese', async () => {
    expect(await post(b.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B10001' })).toMatchObject({
      msg: '车牌号 粤B10001 已存在',
      errorCode: TERMINAL_ERRORS.plateTaken.code,
    });
    expect(
      await post(b.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B10002', terminalId: '86123456789', protocol: 'gt06' }),
    ).toMatchObject({
      errorCode: TERMINAL_ERRORS.identifierInvalid.code,
      msg: '设备号格式不正确：GT06 设备号应为15位IMEI',
    });
    const taken = await post(b.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B10003', terminalId: '013800138001' });
    expect(taken).toMatchObject({
      flag: 0,
      msg: '设备号 013800138001 已被其他账户使用',
      errorCode: TERMINAL_ERRORS.terminalOfOtherAccount.code,
    });
    expect(
      (await post(b.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B10004', terminalId: '861234567890123', protocol: 'tcp' })).msg,
    ).toContain('不支持的设备协议');
  });

  it('shows a tenant only its own vehicles; a foreign id answers like a missing one', async () => {
    const mine = await get(a.sessionId, '/car/v4/api/vehicle/list.json');
    expect(mine.obj.total).toBe(1);
    expect((await get(b.sessionId, '/car/v4/api/vehicle/list.json')).obj.total).toBe(0);
    const id = mine.obj.list[0].vehicleId;
    const foreign = await get(b.sessionId, `/car/v4/api/vehicle/detail.json?vehicleId=${id}`);
    const missing = await get(b.sessionId, '/car/v4/api/vehicle/detail.json?vehicleId=99999999');
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ msg: '车辆不存在或无权访问', errorCode: TERMINAL_ERRORS.vehicleNotVisible.code });
    expect((await post(b.sessionId, '/car/v4/api/vehicle/delete.json', { vehicleIds: String(id) })).msg).toBe('车辆不存在或无权访问');
    expect((await get(b.sessionId, '/car/v4/api/terminal/detail.json?terminalId=13800138001')).msg).toBe('设备不存在或无权访问');
    expect((await get(admin, '/car/v4/api/vehicle/list.json?keyword=10001')).obj.total).toBe(1);
    // what was typed is searched for as it reads: _ and % are no wildcards (db/likeText.ts)
    expect((await get(admin, '/car/v4/api/vehicle/list.json?keyword=1000_')).obj.total).toBe(0);
    expect((await get(a.sessionId, '/car/v4/api/vehicle/list.json?keyword=%25')).obj.total).toBe(0);
  });

  it('updates, rebinds and unbinds the terminal', async () => {
    const v = (await get(a.sessionId, '/car/v4/api/vehicle/list.json')).obj.list[0];
    const upd = await post(a.sessionId, '/car/v4/api/vehicle/update.json', {
      vehicleId: v.vehicleId,
      name: '一号车',
      type: 'ebike',
      terminalId: '868120145233601',
      protocol: 'gt06',
    });
    expect(upd.obj).toMatchObject({ name: '一号车', typeName: '电单车', terminalId: '868120145233601', plate: '粤B10001' });
    // The old terminal stays in the account, unbound.
    const old = await get(a.sessionId, '/car/v4/api/terminal/detail.json?terminalId=13800138001');
    expect(old.obj).toMatchObject({ vehicleId: null, assigned: true });
    const unbound = await post(a.sessionId, '/car/v4/api/vehicle/update.json', { vehicleId: v.vehicleId, terminalId: '' });
    expect(unbound.obj.terminalId).toBe('');
    expect((await get(a.sessionId, '/car/v4/api/terminal/list.json?bound=false')).obj.total).toBe(2);
  });

  it('keeps unassigned terminals to the platform administrator until assigned', async () => {
    await t.ctx.db.query(
      `INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ('869000000000001', '869000000000001', 'gt06'), ('869000000000002', '869000000000002', 'gt06')`,
    );
    const stock = await get(admin, '/car/v4/api/terminal/list.json?assigned=false');
    expect(stock.obj.list.map((x: { terminalId: string }) => x.terminalId).sort()).toEqual(['869000000000001', '869000000000002']);
    expect(stock.obj.list[0]).toMatchObject({ assigned: false, accountId: null });
    expect((await get(a.sessionId, '/car/v4/api/terminal/list.json?keyword=869000')).obj.total).toBe(0);
    expect((await get(a.sessionId, '/car/v4/api/terminal/detail.json?terminalId=869000000000001')).flag).toBe(0);

    const assigned = await post(admin, '/car/v4/api/terminal/assign.json', { terminalIds: '869000000000001', accountId: b.accountId });
    expect(assigned.obj.updated).toBe(1);
    expect((await get(b.sessionId, '/car/v4/api/terminal/detail.json?terminalId=869000000000001')).obj.accountId).toBe(b.accountId);
    // Typing the full identifier of a stock terminal claims it into the vehicle's account.
    const claimed = await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B20002', terminalId: '869000000000002' });
    expect(claimed.obj).toMatchObject({ terminalId: '869000000000002', protocol: 'gt06', accountId: a.accountId });
    // Only the platform administrator returns terminals to stock.
    expect((await post(a.sessionId, '/car/v4/api/terminal/unassign.json', { terminalIds: '869000000000002' })).errorCode).toBe(
      TERMINAL_ERRORS.unassignPlatformOnly.code,
    );
    expect((await post(admin, '/car/v4/api/terminal/unassign.json', { terminalIds: '869000000000002' })).obj.updated).toBe(1);
    expect((await get(a.sessionId, '/car/v4/api/vehicle/list.json?keyword=20002')).obj.list[0].terminalId).toBe('');
  });

  it('moves vehicles with their terminals into a sub-account, not into a foreign one', async () => {
    const sub = await createTenant(t, { codes: 'all', parentAccountId: a.accountId });
    const v = (await get(a.sessionId, '/car/v4/api/vehicle/list.json?keyword=20002')).obj.list[0];
    await post(a.sessionId, '/car/v4/api/vehicle/update.json', { vehicleId: v.vehicleId, terminalId: '13800138001' });
    const moved = await post(a.sessionId, '/car/v4/api/vehicle/move.json', { vehicleIds: String(v.vehicleId), accountId: sub.accountId });
    expect(moved.obj.moved).toBe(1);
    const seen = await get(sub.sessionId, '/car/v4/api/vehicle/list.json');
    expect(seen.obj.list[0]).toMatchObject({ plate: '粤B20002', terminalId: '013800138001', accountId: sub.accountId });
    expect((await get(sub.sessionId, '/car/v4/api/terminal/detail.json?terminalId=13800138001')).obj.accountId).toBe(sub.accountId);
    expect(
      (await post(a.sessionId, '/car/v4/api/vehicle/move.json', { vehicleIds: String(v.vehicleId), accountId: b.accountId })).msg,
    ).toBe('账户不存在或无权访问');
  });

  it('answers junk input with a Chinese 400, never a 5xx', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/car/v4/api/vehicle/delete.json', { vehicleIds: 'abc' }],
      ['/car/v4/api/vehicle/delete.json', { vehicleIds: ',' }],
      ['/car/v4/api/vehicle/move.json', { vehicleIds: '1' }],
      ['/car/v4/api/vehicle/add.json', { plate: 'x'.repeat(100) }],
      ['/car/v4/api/vehicle/add.json', { plate: '粤B1', serviceExpiresAt: 'tomorrow' }],
      ['/car/v4/api/vehicle/update.json', { vehicleId: '-1' }],
      ['/car/v4/api/terminal/assign.json', { terminalIds: '1', accountId: 'x' }],
    ];
    for (const [url, fields] of cases) {
      const res = await t.call(a.sessionId, { method: 'POST', url, ...form(fields) });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().flag, url).toBe(0);
      expect(res.json().msg, url).toMatch(/[\u4e00-\u9fa5]/);
    }
    const json = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      payload: '{"plate":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('rules the vehicles page relies on', () => {
  it('checks plates for the province prefix and format (vehicles only), keeps the plate colour', async () => {
    for (const plate of ['B12345', '粤12345', '粤B1234', '粤B12.45', '粤B1234567']) {
      expect((await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate })).errorCode, plate).toBe(TERMINAL_ERRORS.plateInvalid.code);
    }
    const ok = await post(a.sessionId, '/car/v4/api/vehicle/add.json', {
      plate: '粤bD12345',
      plateColor: 5,
      driver: '王五',
      driverPhone: '13900000000',
    });
    expect(ok.obj).toMatchObject({ plate: '粤BD12345', plateColor: 5, driver: '王五' });
    expect((await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B1234挂' })).flag).toBe(1);
    // An e-bike carries a free label; a person's badge is 智能工牌's to register, not 车辆管理's.
    expect((await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate: 'EBIKE-01', type: 'ebike' })).flag).toBe(1);
    expect((await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate: 'BADGE-01', type: 'badge' })).flag).not.toBe(1);
  });

  it('filters by SIM, protocol, service state and "no group"; exports the list as Excel', async () => {
    await post(a.sessionId, '/car/v4/api/vehicle/add.json', {
      plate: '粤B70001',
      terminalId: '868120145237001',
      protocol: 'gt06',
      sim: '1440070000001',
    });
    const bySim = await get(a.sessionId, '/car/v4/api/vehicle/list.json?keyword=1440070000001');
    expect(bySim.obj.list.map((v: { plate: string }) => v.plate)).toEqual(['粤B70001']);
    const gt06 = (await get(a.sessionId, '/car/v4/api/vehicle/list.json?protocol=gt06&pageSize=100')).obj.list;
    expect(gt06.every((v: { protocol: string }) => v.protocol === 'gt06')).toBe(true);
    const unbound = (await get(a.sessionId, '/car/v4/api/vehicle/list.json?serviceState=unbound&pageSize=100')).obj.list;
    expect(unbound.length).toBeGreaterThan(0);
    expect(unbound.every((v: { terminalId: string }) => v.terminalId === '')).toBe(true);
    const unactivated = (await get(a.sessionId, '/car/v4/api/vehicle/list.json?serviceState=unactivated&keyword=70001')).obj;
    expect(unactivated.total).toBe(1);
    // a state outside SERVICE_STATES (an inherited name too) is refused in Chinese, on the list and the export alike
    for (const url of ['/car/v4/api/vehicle/list.json', '/car/v4/api/vehicle/export.json'])
      for (const serviceState of ['expiring', 'toString'])
        expect((await t.call(a.sessionId, { url: `${url}?serviceState=${serviceState}` })).json()).toMatchObject({
          flag: 0,
          errorCode: TERMINAL_ERRORS.vehicleServiceStateInvalid.code,
          msg: '服务状态应为 未激活、正常、已过期、已停用 或 未绑定设备',
        });
    const ungrouped = (await get(a.sessionId, '/car/v4/api/vehicle/list.json?groupId=0&pageSize=100')).obj.list;
    expect(ungrouped.every((v: { groupId: number | null }) => v.groupId === null)).toBe(true);

    const file = await t.call(a.sessionId, { url: '/car/v4/api/vehicle/export.json?keyword=70001' });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(['868120145237001', '粤B70001', '1440070000001', '未激活']));
    // Another tenant's export holds none of a's vehicles.
    const theirs = await t.call(b.sessionId, { url: '/car/v4/api/vehicle/export.json?keyword=70001' });
    const other = new ExcelJS.Workbook();
    await other.xlsx.load(theirs.rawPayload as unknown as ArrayBuffer);
    expect(other.worksheets[0].rowCount).toBe(1);
  });

  it('deletes a group with vehicles into another group, and refuses foreign groups as targets', async () => {
    const from = (await post(a.sessionId, '/car/v4/api/group/add.json', { name: '旧车队' })).obj.groupId;
    const to = (await post(a.sessionId, '/car/v4/api/group/add.json', { name: '新车队' })).obj.groupId;
    const foreign = (await post(b.sessionId, '/car/v4/api/group/add.json', { name: '别人的' })).obj.groupId;
    const v = (await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B80001', groupId: from })).obj;
    expect(
      (await post(a.sessionId, '/car/v4/api/vehicle/move.json', { vehicleIds: String(v.vehicleId), groupId: foreign })).errorCode,
    ).toBe(TERMINAL_ERRORS.groupNotVisible.code);
    expect((await post(a.sessionId, '/car/v4/api/group/delete.json', { groupId: from, moveTo: foreign })).errorCode).toBe(
      TERMINAL_ERRORS.groupNotVisible.code,
    );
    expect((await post(a.sessionId, '/car/v4/api/group/delete.json', { groupId: from, moveTo: from })).errorCode).toBe(
      TERMINAL_ERRORS.moveToDeletedGroup.code,
    );
    expect((await get(a.sessionId, `/car/v4/api/vehicle/detail.json?vehicleId=${v.vehicleId}`)).obj.groupId).toBe(from);
    expect((await post(a.sessionId, '/car/v4/api/group/delete.json', { groupId: from, moveTo: to })).obj).toEqual({
      groupId: from,
      moved: 1,
    });
    expect((await get(a.sessionId, `/car/v4/api/vehicle/detail.json?vehicleId=${v.vehicleId}`)).obj).toMatchObject({
      groupId: to,
      groupName: '新车队',
    });
  });
});
