import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
const api = '/card/v1/api';
const badge1 = '868120145231001';
const badge2 = '868120145231002';
let teamId = 0;
let staffId = 0;

const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const postJson = (sid: string, url: string, payload: object) => t.call(sid, { method: 'POST', url, payload }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('人员');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  for (const id of [badge1, badge2])
    expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' })).flag).toBe(1);
});
afterAll(async () => {
  await t?.close();
});

describe('staff and badges', () => {
  it('keeps a team tree and staff with their profile', async () => {
    const teams = await post(a.sessionId, `${api}/team/save.json`, { name: '环卫一组' });
    teamId = teams.obj[0].teamId;
    const sub = await post(a.sessionId, `${api}/team/save.json`, { name: '一组早班', parentId: teamId });
    const subId = sub.obj.find((x: { name: string }) => x.name === '一组早班').teamId;
    expect(await post(a.sessionId, `${api}/team/save.json`, { teamId, name: '环卫一组', parentId: subId })).toMatchObject({
      flag: 0,
      errorCode: 'card.teamLoop',
      msg: '不能把班组移到它自己的下级',
    });
    const saved = await post(a.sessionId, `${api}/staff/save.json`, {
      name: '张三',
      staffNo: 'A001',
      job: '保洁员',
      phone: '13800000001',
      teamId,
    });
    expect(saved).toMatchObject({
      flag: 1,
      obj: { name: '张三', staffNo: 'A001', job: '保洁员', teamName: '环卫一组', terminalId: '', state: 'unbound', stateName: '未绑定' },
    });
    staffId = saved.obj.staffId;
    expect(await post(a.sessionId, `${api}/staff/save.json`, { name: '李四', staffNo: 'A001' })).toMatchObject({
      flag: 0,
      errorCode: 'card.staffNoTaken',
      msg: '工号 A001 已存在',
    });
    expect(await post(a.sessionId, `${api}/team/delete.json`, { teamId })).toMatchObject({
      flag: 0,
      msg: '班组下还有人员或下级班组，不能删除',
    });
    const list = await get(a.sessionId, `${api}/staff/list.json?keyword=张`);
    expect(list.obj.list.map((s: { staffId: number }) => s.staffId)).toEqual([staffId]);
  });

  it('binds one badge per person, keeps the history, and refuses a badge someone else wears', async () => {
    expect((await post(a.sessionId, `${api}/staff/bind.json`, { staffId, terminalId: badge1 })).obj).toMatchObject({
      terminalId: badge1,
      state: 'offline',
    });
    const other = (await post(a.sessionId, `${api}/staff/save.json`, { name: '王五', staffNo: 'A002' })).obj.staffId;
    expect(await post(a.sessionId, `${api}/staff/bind.json`, { staffId: other, terminalId: badge1 })).toMatchObject({
      flag: 0,
      errorCode: 'card.badgeBound',
      msg: `工牌 ${badge1} 已绑定人员 张三`,
    });
    // Binding another badge to the same person replaces the first.
    expect((await post(a.sessionId, `${api}/staff/bind.json`, { staffId, terminalId: badge2 })).obj.terminalId).toBe(badge2);
    expect((await post(a.sessionId, `${api}/staff/bind.json`, { staffId: other, terminalId: badge1 })).obj.terminalId).toBe(badge1);
    expect((await post(a.sessionId, `${api}/staff/unbind.json`, { staffId })).obj).toMatchObject({ terminalId: '', state: 'unbound' });
    const history = (await get(a.sessionId, `${api}/staff/bindings.json?staffId=${staffId}`)).obj;
    expect(history.map((h: { terminalId: string; unboundAt: number | null }) => [h.terminalId, h.unboundAt !== null])).toEqual([
      [badge2, true],
      [badge1, true],
    ]);
    expect(history[0].boundBy).toBe(a.username);
    expect(await post(a.sessionId, `${api}/staff/unbind.json`, { staffId })).toMatchObject({ flag: 0, msg: '该人员未绑定工牌' });
  });

  it('takes a photo checked by its content and size', async () => {
    const ok = await postJson(a.sessionId, `${api}/staff/photo.json`, { staffId, data: `data:image/png;base64,${PNG.toString('base64')}` });
    expect(ok).toMatchObject({ flag: 1, obj: { contentType: 'image/png' } });
    const img = await t.call(a.sessionId, { url: `${api}/staff/photoImage?staffId=${staffId}` });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect(
      await postJson(a.sessionId, `${api}/staff/photo.json`, { staffId, data: Buffer.from('<svg onload=alert(1)>').toString('base64') }),
    ).toMatchObject({ flag: 0, msg: '照片须为 PNG 或 JPEG 图片' });
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(210 * 1024)]);
    expect(await postJson(a.sessionId, `${api}/staff/photo.json`, { staffId, data: big.toString('base64') })).toMatchObject({
      flag: 0,
      msg: '照片不能超过 200 KB',
    });
  });

  it("answers another tenant's person, team or shift exactly like a missing one", async () => {
    const missing = { flag: 0, errorCode: 'card.staffNotVisible', msg: '人员不存在或无权访问' };
    for (const id of [staffId, 987654]) {
      expect(await get(b.sessionId, `${api}/staff/detail.json?staffId=${id}`)).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/staff/save.json`, { staffId: id, name: 'x', staffNo: 'x' })).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/staff/bind.json`, { staffId: id, terminalId: badge1 })).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/monitor/call.json`, { staffId: id, phone: '13800000000', listen: true })).toMatchObject(
        missing,
      );
      expect((await t.call(b.sessionId, { url: `${api}/staff/photoImage?staffId=${id}` })).json()).toMatchObject(missing);
      expect(await get(b.sessionId, `${api}/track/extras.json?staffId=${id}&date=2026-11-25`)).toMatchObject(missing);
    }
    expect(await post(b.sessionId, `${api}/team/delete.json`, { teamId })).toMatchObject({ flag: 0, errorCode: 'card.teamNotVisible' });
    expect((await get(b.sessionId, `${api}/staff/list.json`)).obj.total).toBe(0);
    const mine = (await post(b.sessionId, `${api}/staff/save.json`, { name: '赵六', staffNo: 'B001' })).obj.staffId;
    expect(await post(b.sessionId, `${api}/staff/bind.json`, { staffId: mine, terminalId: badge2 })).toMatchObject({
      flag: 0,
      msg: '设备不存在或无权访问',
    });
    expect(await post(b.sessionId, `${api}/staff/save.json`, { staffId: mine, name: '赵六', staffNo: 'B001', teamId })).toMatchObject({
      flag: 0,
      errorCode: 'card.teamNotVisible',
    });
  });

  it("imports a sheet all or nothing, with each row's reasons in Chinese, and exports what it holds", async () => {
    const upload = async (rows: string[][]) =>
      (
        await t.call(a.sessionId, {
          method: 'POST',
          url: `${api}/staff/import.json`,
          ...multipart({ fileName: '人员.xlsx', content: await sheet(rows) }),
        })
      ).json();
    const refused = await upload([
      ['工号', '姓名', '岗位', '电话', '班组', '工牌'],
      ['A101', '孙七', '巡查员', '13800000007', '环卫一组', ''],
      ['A101', '周八', '', 'abc', '不存在的组', ''],
      ['', '', '', '', '', '868120145239999'],
    ]);
    expect(refused).toMatchObject({ flag: 0, errorCode: 'card.importRefused', msg: '导入文件有 2 行错误，未导入任何数据' });
    expect(refused.obj.rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      [],
      ['工号与第 2 行重复', '电话“abc”格式不正确', '班组“不存在的组”不存在'],
      ['工号不能为空', '姓名不能为空', '工牌 868120145239999 不存在或无权访问'],
    ]);
    expect((await get(a.sessionId, `${api}/staff/list.json?keyword=孙七`)).obj.total).toBe(0);
    expect(await upload([['名字'], ['x']])).toMatchObject({ flag: 0, msg: '表头须包含：工号、姓名' });
    const done = await upload([
      ['工号', '姓名', '岗位', '班组', '工牌'],
      ['A101', '孙七', '巡查员', '环卫一组', badge2],
      ['A001', '张三', '组长', '环卫一组', ''],
    ]);
    expect(done).toMatchObject({ flag: 1, obj: { total: 2, created: 1, updated: 1 } });
    expect((await get(a.sessionId, `${api}/staff/list.json?keyword=孙七`)).obj.list[0]).toMatchObject({
      job: '巡查员',
      terminalId: badge2,
      teamName: '环卫一组',
    });
    const file = await t.call(a.sessionId, { url: `${api}/staff/export.json` });
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('人员列表'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1, 3));
    expect(rows).toEqual([
      ['工号', '姓名'],
      ['A001', '张三'],
      ['A002', '王五'],
      ['A101', '孙七'],
    ]);
  });

  it("imports in one go: a new badge replaces a known person's, a badge of a sub-account moves in, another tenant's is refused", async () => {
    const upload = async (rows: string[][]) =>
      (
        await t.call(a.sessionId, {
          method: 'POST',
          url: `${api}/staff/import.json`,
          ...multipart({ fileName: '人员.xlsx', content: await sheet(rows) }),
        })
      ).json();
    const sub = await createTenant(t, { codes: 'all', parentAccountId: a.accountId });
    const [own3, own4, subs5, foreign6] = ['868120145231003', '868120145231004', '868120145231005', '868120145231006'];
    for (const [sid, id] of [
      [a.sessionId, own3],
      [a.sessionId, own4],
      [sub.sessionId, subs5],
      [b.sessionId, foreign6],
    ] as const) {
      expect((await post(sid, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' })).flag).toBe(1);
    }
    const header = ['工号', '姓名', '工牌'];
    const refused = await upload([header, ['C001', '甲', own3], ['C002', '乙', foreign6]]);
    expect(refused).toMatchObject({ flag: 0, errorCode: 'card.importRefused', obj: { total: 2, created: 0, updated: 0 } });
    expect(refused.obj.rows.map((r: { ok: boolean; errors: string[] }) => [r.ok, r.errors])).toEqual([
      [true, []],
      [false, [`工牌 ${foreign6} 不存在或无权访问`]],
    ]);
    expect((await get(a.sessionId, `${api}/staff/list.json?keyword=C00`)).obj.total).toBe(0);

    expect(await upload([header, ['C001', '甲', own3], ['C002', '乙', subs5], ['C003', '丙', '']])).toMatchObject({
      flag: 1,
      obj: { total: 3, created: 3, updated: 0 },
    });
    const listed = async () =>
      Object.fromEntries(
        (await get(a.sessionId, `${api}/staff/list.json?keyword=C00`)).obj.list.map(
          (s: { staffNo: string; name: string; terminalId: string }) => [s.staffNo, [s.name, s.terminalId]],
        ),
      );
    expect(await listed()).toEqual({ C001: ['甲', own3], C002: ['乙', subs5], C003: ['丙', ''] });
    const [moved] = await t.ctx.db.query<{ account_id: string }>(`SELECT account_id FROM terminals WHERE identifier = $1`, [subs5]);
    expect(Number(moved!.account_id)).toBe(a.accountId);
    // C001 has a shift of their own; the sheet has no shift column, so updating them keeps it.
    const own = await postJson(a.sessionId, `${api}/shift/save.json`, {
      name: '夜巡',
      weekdays: [1, 2, 3, 4, 5],
      lateMinutes: 5,
      earlyMinutes: 5,
      periods: [{ start: '08:00', end: '12:00' }],
    });
    await t.ctx.db.query(`UPDATE card_staff SET shift_id = $1 WHERE staff_no = 'C001' AND account_id = $2`, [own.obj.shiftId, a.accountId]);

    // A badge another person holds is refused even when that person's own row gives them a new one.
    const taken = await upload([header, ['C001', '甲一', own4], ['C003', '丙', own3]]);
    expect(taken.obj.rows.map((r: { errors: string[] }) => r.errors)).toEqual([[], [`工牌 ${own3} 已被 甲 使用`]]);
    expect(await upload([header, ['C001', '甲一', own4], ['C002', '乙', subs5], ['C003', '丙', '']])).toMatchObject({
      flag: 1,
      obj: { total: 3, created: 0, updated: 3 },
    });
    expect(await listed()).toEqual({ C001: ['甲一', own4], C002: ['乙', subs5], C003: ['丙', ''] });
    const staff = (await get(a.sessionId, `${api}/staff/list.json?keyword=C001`)).obj.list[0].staffId;
    expect((await get(a.sessionId, `${api}/staff/detail.json?staffId=${staff}`)).obj.shiftName).toBe('夜巡');
    const history = (await get(a.sessionId, `${api}/staff/bindings.json?staffId=${staff}`)).obj;
    expect(
      history.map((h: { terminalId: string; unboundAt: number | null; boundBy: string }) => [
        h.terminalId,
        h.unboundAt !== null,
        h.boundBy,
      ]),
    ).toEqual([
      [own4, false, a.username],
      [own3, true, a.username],
    ]);
    const c3 = (await get(a.sessionId, `${api}/staff/list.json?keyword=C003`)).obj.list[0].staffId;
    expect((await post(a.sessionId, `${api}/staff/bind.json`, { staffId: c3, terminalId: own3 })).obj.terminalId).toBe(own3);
  });

  it("checks shifts: at most four periods, none overlapping, a night one ending before the next day's first", async () => {
    const base = { name: '早班', weekdays: [1, 2, 3, 4, 5], lateMinutes: 5, earlyMinutes: 5 };
    const five = ['06', '08', '10', '12', '14'].map((h) => ({ start: `${h}:00`, end: `${h}:30` }));
    const save = (periods: Array<{ start: string; end: string }>) => postJson(a.sessionId, `${api}/shift/save.json`, { ...base, periods });
    expect(await save(five)).toMatchObject({ flag: 0, msg: '每天最多 4 个时段' });
    expect(
      await save([
        { start: '08:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ]),
    ).toMatchObject({ flag: 0, errorCode: 'card.periodOverlap', msg: '时段 11:00-13:00 与 08:00-12:00 重叠' });
    expect(await save([{ start: '08:00', end: '08:00' }])).toMatchObject({
      flag: 0,
      errorCode: 'card.periodSame',
      msg: '时段 08:00-08:00 无效：开始与结束不能相同',
    });
    expect(
      await save([
        { start: '22:00', end: '06:00' },
        { start: '23:00', end: '01:00' },
      ]),
    ).toMatchObject({ flag: 0, msg: '时段 23:00-次日01:00 与 22:00-次日06:00 重叠' });
    expect(
      await save([
        { start: '05:00', end: '09:00' },
        { start: '22:00', end: '06:00' },
      ]),
    ).toMatchObject({
      flag: 0,
      errorCode: 'card.periodOverlapNextDay',
      msg: '时段 22:00-次日06:00 与次日的时段 05:00-09:00 重叠：跨天时段须在次日第一个时段开始前结束',
    });
    const night = await save([
      { start: '22:00', end: '06:00' },
      { start: '06:00', end: '08:00' },
    ]);
    expect(night).toMatchObject({
      flag: 1,
      obj: {
        periods: [
          { start: '06:00', end: '08:00' },
          { start: '22:00', end: '06:00' },
        ],
      },
    });
    expect(await post(a.sessionId, `${api}/shift/delete.json`, { shiftId: night.obj.shiftId })).toMatchObject({ flag: 1 });
    // Patrol windows stay within one day.
    expect(
      await postJson(a.sessionId, `${api}/patrol/savePlan.json`, {
        name: '夜巡',
        checkpointIds: [1],
        weekdays: [1],
        windows: [{ start: '23:00', end: '01:00' }],
        lateMinutes: 5,
        staffIds: [staffId],
      }),
    ).toMatchObject({ flag: 0, msg: '时段 23:00-01:00 无效：结束须晚于开始，且时段不能重叠' });
    const saved = await postJson(a.sessionId, `${api}/shift/save.json`, {
      ...base,
      periods: [
        { start: '13:00', end: '17:00' },
        { start: '08:00', end: '12:00' },
      ],
      holidays: ['2026-10-01'],
    });
    expect(saved.obj).toMatchObject({
      name: '早班',
      periods: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ],
      holidays: ['2026-10-01'],
      weekdays: [1, 2, 3, 4, 5],
    });
    expect(await post(a.sessionId, `${api}/team/save.json`, { teamId, name: '环卫一组', shiftId: saved.obj.shiftId })).toMatchObject({
      flag: 1,
    });
    expect(await post(a.sessionId, `${api}/shift/delete.json`, { shiftId: saved.obj.shiftId })).toMatchObject({
      flag: 0,
      msg: '班次正在被人员或班组使用，不能删除',
    });
    expect((await get(a.sessionId, `${api}/staff/detail.json?staffId=${staffId}`)).obj.shiftName).toBe('早班');
  });
});
