import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_PATHS } from './opsRoutes.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { createTenant, type Tenant } from '../testing/fixtures.ts';
import { RESOURCES } from '@chelian/contracts';

// Walks every registered API route: protected ones refuse a missing or forged session, and
// routes behind a permission refuse a role without it, whatever the page shows.
let t: TestServer;
let powerless: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  powerless = await createTenant(t, { codes: [] });
});
afterAll(() => t?.close());

const apiRoutes = () =>
  t.routes.filter((r) => r.url !== '/runtime-config.js' && !r.url.startsWith('/child/') && !OPS_PATHS.includes(r.url));

describe('access to every route', () => {
  it('registers the spec calls', () => {
    const urls = new Set(t.routes.map((r) => r.url));
    for (const url of [
      '/oauth/v4/token',
      '/oauth/logout',
      '/car/v1/api/user/getUser.json',
      '/car/v1/api/resource/newList.json',
      '/oauth/getCode',
      '/oauth/loginPage',
      '/oauth/sendLoginSms',
      '/oauthToken/loginPage',
      '/oauthToken/v4/token',
      '/oauthToken/getConfig',
      '/oauthToken/listResource',
      '/car/v1/api/resource/list.json',
      '/car/v1/api/platform/getPlatformByRoleId.json',
      '/car/v1/api/user/sendSmsCode.json',
      '/car/v1/api/user/phoneCodeVerify.json',
      '/car/v1/api/user/updateUserPassword.json',
      '/car/v1/api/user/unbindWxRelation.json',
      '/car/v1/api/user/updatePrivacy.json',
      '/car/v1/api/userAuth/sendLoginSms.json',
      '/car/v1/api/userAuth/delBangDing.json',
      '/car/v1/api/userAuth/phoneAuth.json',
      '/car/v1/api/userAuth/doGetAuthData.json',
      '/car/v1/helpCenter/helpMessage/pageHelpMessage',
      '/car/v1/helpCenter/helpMessage/getHelpMessage',
      '/car/v1/helpCenter/helpMessage/markRead',
      '/car/v1/accelerate/export/exportDataReport.json',
      '/car/v1/accelerate/export/download.json',
      '/car/v1/accelerate/export/listExportRecord.json',
      '/car/v4/api/alarm/control/listAlarmControlInfo.json',
      '/car/v4/api/alarm/control/configAlarmControl.json',
      '/car/v4/api/alarm/push/listAlarmPushInfo.json',
      '/car/v4/api/alarm/push/configAlarmPush.json',
      '/car/v4/api/account/checkStatus.json',
      '/car/v4/api/system/dictionary/list.json',
      '/car/v1/api/custom/queryCustomInfo.json',
    ])
      expect(urls, url).toContain(url);
  });

  it('answers 4010 登录超时 on every protected route without a session, or with a forged one', async () => {
    const protectedRoutes = apiRoutes().filter((r) => r.access === 'session');
    expect(protectedRoutes.length).toBeGreaterThan(15);
    for (const r of protectedRoutes) {
      for (const sessionId of [null, 'f'.repeat(48), '../etc/passwd']) {
        const res = await t.call(sessionId, { method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1') });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(200);
        expect(res.json(), `${r.method} ${r.url}`).toMatchObject({ flag: 4010, msg: '登录超时' });
      }
    }
  });

  it('refuses every permission-guarded route to a role without that permission', async () => {
    const guarded = apiRoutes().filter((r) => r.permission);
    expect(guarded.length).toBeGreaterThan(5);
    for (const r of guarded) {
      const res = await t.call(powerless.sessionId, { method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1') });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().msg).toBe('没有该操作的权限');
    }
  });

  it('guards every upload with the permission of the feature it serves (an uploaded file is parsed: issue 32)', () => {
    const uploads = apiRoutes().filter((r) => r.endpoint?.encoding === 'multipart');
    expect(uploads.map((r) => r.url)).toContain('/car/v4/api/vehicle/vehicleVerify.json');
    for (const r of uploads) expect(r.permission, `${r.method} ${r.url}`).toBeTruthy();
  });

  it('guards every export of a list with the permission of the page it lists (issue 31: a role that may not open a page may not take its rows away)', async () => {
    // 下载中心's exports (exportDataReport, exportDataReportFile) check each report type's own
    // permissions (modules/exports/exports.routes.test.ts); a blank import template holds no rows.
    const perKind = ['/car/v1/accelerate/export/exportDataReport.json', '/car/v1/accelerate/export/exportDataReportFile.json'];
    const exportsOfLists = apiRoutes().filter(
      (r) => r.endpoint?.produces === 'excel' && !perKind.includes(r.url) && !r.url.endsWith('/importTemplate.json'),
    );
    expect(exportsOfLists.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/car/v4/api/vehicle/export.json', '/card/v1/api/staff/export.json', '/elec-gb/v1/api/bike/export.json']),
    );
    for (const r of exportsOfLists) {
      expect(r.permission, `${r.method} ${r.url}`).toBeTruthy();
      // a role holding a page of the same sub-product, not the exported one's, is refused too
      const other = await createTenant(t, { codes: [r.permission!.split(':')[0]] });
      const res = await t.call(other.sessionId, { method: r.method as 'GET', url: r.url });
      expect({ url: r.url, status: res.statusCode }).toEqual({ url: r.url, status: 403 });
    }
  });

  it('names only catalogue codes as permissions', () => {
    const codes = new Set(RESOURCES.map((r) => r.code));
    for (const r of t.routes) if (r.permission) expect(codes, r.url).toContain(r.permission);
  });

  it('gives a role only its own resource tree and platforms', async () => {
    const limited = await createTenant(t, { codes: ['car', 'car:monitor', 'center', 'center:notice'] });
    const tree = (await t.call(limited.sessionId, { url: '/car/v1/api/resource/newList.json?version=v4&from=carWeb4' })).json().obj;
    const ids = JSON.stringify(tree);
    expect(tree.map((n: { code: string }) => n.code).sort()).toEqual(['car', 'center']);
    expect(ids).toContain('"car:monitor"');
    expect(ids).not.toContain('car:command');
    const platforms = (await t.call(limited.sessionId, { url: '/car/v1/api/platform/getPlatformByRoleId.json' })).json().obj;
    expect(platforms.map((p: { platformId: number }) => p.platformId)).toEqual([8]);
    const admin = await t.login();
    const all = (await t.call(admin, { url: '/car/v1/api/platform/getPlatformByRoleId.json' })).json().obj;
    expect(all.map((p: { platformId: number }) => p.platformId)).toEqual([8, 11, 12, 13, 17, 18, 20, 23, 26]);
    const center = (await t.call(admin, { url: '/car/v1/api/resource/newList.json' }))
      .json()
      .obj.find((n: { id: number }) => n.id === 1601);
    expect(center.children).toHaveLength(6);
  });
});
