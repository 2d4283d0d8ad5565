import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { EXPORT_ERRORS, REPORT_EXPORT_TYPES } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';
import { EXPORT_KINDS } from './exportKinds.ts';
import { exportsQueries } from './exports.queries.ts';
import { ExportsService } from './exports.service.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
let exports: ExportsService;
const runNextExport = () => exports.runNext();
const codes = ['center', 'center:download', 'system:user'];
beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes, name: '甲公司' });
  b = await createTenant(t, { codes, name: '乙公司' });
  exports = new ExportsService(t.ctx, EXPORT_KINDS);
});
afterAll(() => t?.close());

describe('download centre', () => {
  it('queues an export, a worker fills it with a real workbook, and only its owner downloads it', async () => {
    const created = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/accelerate/export/exportDataReport.json',
        ...form({ reportType: 'userList' }),
      })
    ).json();
    expect(created.obj).toMatchObject({ status: 'queued', name: '用户列表', reportType: 'userList' });
    const notYet = (await t.call(a.sessionId, { url: `/car/v1/accelerate/export/download.json?id=${created.obj.id}` })).json();
    expect(notYet).toMatchObject({ flag: 0, errorCode: EXPORT_ERRORS.notReady.code, msg: '文件尚未生成完成，请稍后再试' });

    expect(await runNextExport()).toBe(true);
    expect(await runNextExport()).toBe(false);

    const list = (await t.call(a.sessionId, { url: '/car/v1/accelerate/export/listExportRecord.json' })).json().obj;
    expect(list).toMatchObject({ total: 1, current: 1, pageSize: 10 });
    expect(list.list[0].status).toBe('done');
    expect(list.list[0].size).toBeGreaterThan(1000);

    const file = await t.call(null, { url: `/car/v1/accelerate/export/download.json?id=${created.obj.id}&sessionId=${a.sessionId}` });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('用户名');
    const accounts = sheet.getColumn(3).values.slice(2);
    expect(accounts).toEqual(['甲公司']); // only the tenant's own users, never 乙公司's
    // 最近登录 in Beijing time, as 用户管理 shows it.
    const loggedIn = new Date('2026-05-01T16:30:05Z');
    await t.ctx.db.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [a.userId, loggedIn]);
    const again = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v1/accelerate/export/exportDataReportFile.json',
      ...form({ reportType: 'userList' }),
    });
    const direct = new ExcelJS.Workbook();
    await direct.xlsx.load(again.rawPayload as unknown as ArrayBuffer);
    expect(direct.worksheets[0].getColumn(6).values.slice(2)).toEqual(['2026-05-02 00:30:05']);

    const foreign = (await t.call(b.sessionId, { url: `/car/v1/accelerate/export/download.json?id=${created.obj.id}` })).json();
    expect(foreign).toMatchObject({ flag: 0, errorCode: EXPORT_ERRORS.fileNotFound.code, msg: '文件不存在或无权下载' });
    expect((await t.call(b.sessionId, { url: '/car/v1/accelerate/export/listExportRecord.json' })).json().obj.total).toBe(0);
  });

  it('exports a list only to a role that may see the list: no 用户管理, no user list — queued, direct, or made after the role lost it', async () => {
    const clerk = await createTenant(t, { codes: ['center', 'center:download'], name: '丙公司' });
    for (const url of ['/car/v1/accelerate/export/exportDataReport.json', '/car/v1/accelerate/export/exportDataReportFile.json']) {
      const refused = (await t.call(clerk.sessionId, { method: 'POST', url, ...form({ reportType: 'userList' }) })).json();
      expect(refused).toMatchObject({ msg: '没有该操作的权限' });
    }
    expect((await t.call(clerk.sessionId, { url: '/car/v1/accelerate/export/listExportRecord.json' })).json().obj.total).toBe(0);
    // queued while the role held it, made after it was taken away: the file is not made
    const queued = await exportsQueries.insert(t.ctx.db, {
      userId: clerk.userId,
      accountId: clerk.accountId,
      name: '用户列表',
      reportType: 'userList',
      params: {},
    });
    await exports.runNext();
    const [job] = (await t.call(clerk.sessionId, { url: '/car/v1/accelerate/export/listExportRecord.json' })).json().obj.list;
    expect(job).toMatchObject({ id: queued.id, status: 'failed' });
  });

  it('refuses every kind of export to a role that lacks any one of the permissions of the list it exports', async () => {
    const all = (await t.ctx.db.query<{ code: string }>('SELECT code FROM resources')).map((r) => r.code);
    for (const kind of EXPORT_KINDS) {
      expect(kind.permissions.length).toBeGreaterThan(0);
      for (const missing of kind.permissions) {
        const role = await createTenant(t, { codes: all.filter((code) => code !== missing) });
        const answer = (
          await t.call(role.sessionId, {
            method: 'POST',
            url: '/car/v1/accelerate/export/exportDataReport.json',
            ...form({ reportType: kind.type }),
          })
        ).json();
        expect({ kind: kind.type, missing, msg: answer.msg }).toEqual({ kind: kind.type, missing, msg: '没有该操作的权限' });
      }
    }
  });

  it('refuses unknown report types and malformed parameters', async () => {
    const unknown = (
      await t.call(a.sessionId, { method: 'POST', url: '/car/v1/accelerate/export/exportDataReport.json', ...form({ reportType: 'nope' }) })
    ).json();
    expect(unknown).toMatchObject({ errorCode: EXPORT_ERRORS.unknownType.code, msg: '不支持的报表类型' });
    const bad = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/accelerate/export/exportDataReport.json',
        ...form({ reportType: 'userList', params: '{oops' }),
      })
    ).json();
    expect(bad).toMatchObject({ errorCode: EXPORT_ERRORS.badParams.code, msg: '报表参数格式错误' });
  });

  it('records why a file could not be made: what the user can do, or a generic message', async () => {
    // The service makes the kinds it is given: two that fail (under two reports' types), one with a catalogued reason.
    const failing = new ExportsService(t.ctx, [
      {
        type: REPORT_EXPORT_TYPES.offline,
        title: '测试报表',
        permissions: [],
        generate: async () => {
          throw new AppError(EXPORT_ERRORS.tooManyRows, { params: { rows: 1_000_000 } });
        },
      },
      {
        type: REPORT_EXPORT_TYPES.expire,
        title: '测试报表',
        permissions: [],
        generate: async () => {
          throw new Error('socket hang up');
        },
      },
    ]);
    for (const reportType of [REPORT_EXPORT_TYPES.offline, REPORT_EXPORT_TYPES.expire]) {
      await exportsQueries.insert(t.ctx.db, { userId: a.userId, accountId: a.accountId, name: '测试报表', reportType, params: {} });
      await failing.runNext();
    }
    const list = (await t.call(a.sessionId, { url: '/car/v1/accelerate/export/listExportRecord.json' })).json().obj.list;
    expect(list.slice(0, 2).map((r: { status: string; error: string }) => [r.status, r.error])).toEqual([
      ['failed', '报表生成失败，请稍后重试'],
      ['failed', '导出数据超过1000000行，请缩小查询范围'],
    ]);
  });
});
