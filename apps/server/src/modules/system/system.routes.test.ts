import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTIONARY_TYPES } from '@chelian/contracts';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { createTenant } from '../../testing/fixtures.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

describe('dictionary, account status and branding', () => {
  it('serves built-in dictionaries grouped by type', async () => {
    const admin = await t.login();
    const all = (await t.call(admin, { url: '/car/v4/api/system/dictionary/list.json' })).json().obj;
    expect(all.protocol).toEqual([
      { value: 'jt808', label: 'JT/T 808' },
      { value: 'gt06', label: 'GT06' },
      { value: 'h02', label: 'H02' },
      { value: 'watch', label: '手表协议' },
    ]);
    expect(all.alarmType.find((x: { value: string }) => x.value === 'sos').label).toBe('紧急报警');
    const one = (await t.call(admin, { url: '/car/v4/api/system/dictionary/list.json?type=assetType' })).json().obj;
    expect(Object.keys(one)).toEqual(['assetType']);
    // one word for a two-wheeler, the one 电单车卫士 and the vehicle form use
    expect(one.assetType.find((x: { value: string }) => x.value === 'ebike').label).toBe('电单车');
    // the types there are, every one seeded
    expect(Object.keys(all).sort()).toEqual([...DICTIONARY_TYPES].sort());
  });

  it('refuses a dictionary there is not in Chinese, instead of answering none', async () => {
    const admin = await t.login();
    for (const type of ['colour', 'toString'])
      expect((await t.call(admin, { url: `/car/v4/api/system/dictionary/list.json?type=${type}` })).json()).toMatchObject({
        flag: 0,
        errorCode: 'system.dictionaryTypeUnknown',
        msg: `不支持的字典类型：${type}（可选 assetType、protocol、commandType、terminalStatus、pushChannel、alarmType、reportType）`,
      });
  });

  it('reports the caller account status, expired or not', async () => {
    const tenant = await createTenant(t);
    await t.ctx.db.query(`UPDATE accounts SET expires_at = now() - interval '1 day' WHERE id = $1`, [tenant.accountId]);
    const status = (await t.call(tenant.sessionId, { url: '/car/v4/api/account/checkStatus.json' })).json().obj;
    expect(status).toMatchObject({ accountId: tenant.accountId, enabled: true, expired: true });
  });

  it('brands by host: a default for unknown hosts, the legacy login for the marked host', async () => {
    const def = (await t.app.inject({ url: '/car/v1/api/custom/queryCustomInfo.json?url=unknown.example.com:8080' })).json();
    expect(def).toMatchObject({ flag: 1, obj: { title: '车联智能管理平台', legacyLogin: false } });
    const legacy = (await t.app.inject({ url: '/car/v1/api/custom/queryCustomInfo.json?url=legacy.localhost:8080' })).json();
    expect(legacy.obj.legacyLogin).toBe(true);
    await t.ctx.db.query(
      `INSERT INTO branding (host, title, icon_url) VALUES ('fleet.example.cn', '某某物流车辆管理', '/brand/fleet.svg')`,
    );
    const custom = (await t.app.inject({ url: '/car/v1/api/custom/queryCustomInfo.json?url=https://Fleet.Example.cn/login' })).json();
    expect(custom.obj).toMatchObject({ title: '某某物流车辆管理', iconUrl: '/brand/fleet.svg', legacyLogin: false });
  });

  it('answers the system information (GetInformation) without a session', async () => {
    const body = (await t.app.inject({ url: '/car/v4/api/system/getInformation.json' })).json();
    expect(body).toMatchObject({ flag: 1, obj: { name: 'chelian', baseUrl: '', platformId: 1, version: '1.0' } });
    expect(Math.abs(body.obj.serverTime - Date.now())).toBeLessThan(60_000);
  });

  it('serves the runtime configuration for the web app', async () => {
    const res = await t.app.inject({ url: '/runtime-config.js' });
    expect(res.body).toMatch(/^window\.__CHELIAN_CONFIG__ = \{/);
    expect(res.body).toContain('"systemName":"chelian"');
  });
});
