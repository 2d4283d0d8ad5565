import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

let t: TestServer;
let admin: string;
let dealer: Tenant;
let customer: Tenant;
let rival: Tenant;
const codes = ['system', 'system:branding', 'system:branding:edit'];

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

beforeAll(async () => {
  t = await createTestServer();
  admin = await t.login();
  dealer = await createTenant(t, { codes, name: '品牌经销商' });
  customer = await createTenant(t, { codes, name: '品牌客户', parentAccountId: dealer.accountId });
  rival = await createTenant(t, { codes, name: '别家经销商' });
});
afterAll(() => t?.close());

const save = (session: string, body: Record<string, unknown>) =>
  t
    .call(session, {
      method: 'POST',
      url: '/car/v1/api/custom/save.json',
      payload: { title: '', iconUrl: '', description: '', keyword: '', legacyLogin: false, ...body },
    })
    .then((r) => r.json());
const upload = (session: string, data: string) =>
  t.call(session, { method: 'POST', url: '/car/v1/api/custom/uploadIcon.json', payload: { data } }).then((r) => r.json());
const list = (session: string) =>
  t.call(session, { url: '/car/v1/api/custom/list.json' }).then((r) => r.json().obj as { host: string; accountName: string }[]);

describe('branding per host (系统管理 › 品牌设置)', () => {
  it('saves a host that queryCustomInfo then serves, with an uploaded icon of the right type', async () => {
    const icon = await upload(dealer.sessionId, `data:image/png;base64,${b64(PNG)}`);
    expect(icon).toMatchObject({ flag: 1, obj: { contentType: 'image/png' } });
    const saved = await save(dealer.sessionId, {
      host: 'https://GPS.Dealer-One.cn:8443/login',
      title: '经销商一号平台',
      iconUrl: icon.obj.iconUrl,
      keyword: 'GPS',
      legacyLogin: true,
    });
    expect(saved).toMatchObject({ flag: 1, obj: { host: 'gps.dealer-one.cn' } });
    const info = (await t.call(null, { url: '/car/v1/api/custom/queryCustomInfo.json?url=gps.dealer-one.cn' })).json().obj;
    expect(info).toMatchObject({ title: '经销商一号平台', iconUrl: icon.obj.iconUrl, keyword: 'GPS', legacyLogin: true });
    const served = await t.call(null, { url: icon.obj.iconUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await list(dealer.sessionId)).map((e) => e.host)).toEqual(['gps.dealer-one.cn']);
    expect((await list(admin)).map((e) => e.host)).toEqual(expect.arrayContaining(['gps.dealer-one.cn', 'legacy.localhost']));
  });

  it('refuses an icon that is not an image, too large, or an SVG with script', async () => {
    expect(await upload(dealer.sessionId, b64('MZ\x90\x00 this is an exe'))).toMatchObject({ flag: 0, errorCode: 'branding.iconNotImage' });
    expect(await upload(dealer.sessionId, b64('<html><body>not an svg</body></html>'))).toMatchObject({
      flag: 0,
      errorCode: 'branding.iconNotImage',
    });
    const big = Buffer.concat([PNG, Buffer.alloc(257 * 1024)]);
    expect((await upload(dealer.sessionId, b64(big))).flag).toBe(0);
    expect(await upload(dealer.sessionId, b64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toMatchObject({
      flag: 0,
      errorCode: 'branding.iconScript',
    });
    expect(
      await upload(
        dealer.sessionId,
        b64('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><image href="x" onerror="alert(1)"/></svg>'),
      ),
    ).toMatchObject({ flag: 0, errorCode: 'branding.iconScript' });
    const svg = await upload(
      dealer.sessionId,
      b64(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4" fill="#1677ff"/></svg>',
      ),
    );
    expect(svg).toMatchObject({ flag: 1, obj: { contentType: 'image/svg+xml' } });
    const served = await t.call(null, { url: svg.obj.iconUrl });
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it("keeps hosts, icons and the platform's own hosts inside their owners' subtrees", async () => {
    // the dealer's sub-account sees nothing of its parent's host and cannot take it over
    expect(await list(customer.sessionId)).toEqual([]);
    expect(await save(customer.sessionId, { host: 'gps.dealer-one.cn', title: '抢注' })).toMatchObject({
      flag: 0,
      errorCode: 'branding.hostTaken',
    });
    expect(await save(rival.sessionId, { host: 'gps.dealer-one.cn', title: '抢注' })).toMatchObject({
      flag: 0,
      errorCode: 'branding.hostTaken',
    });
    const removeForeign = await t.call(rival.sessionId, {
      method: 'POST',
      url: '/car/v1/api/custom/delete.json',
      ...form({ host: 'gps.dealer-one.cn' }),
    });
    expect(removeForeign.json()).toMatchObject({ flag: 0, errorCode: 'branding.hostTaken' });
    expect(await save(rival.sessionId, { host: 'legacy.localhost', title: '改平台' })).toMatchObject({
      flag: 0,
      errorCode: 'branding.platformHost',
    });
    // a foreign owner account and a foreign icon are refused
    expect((await save(rival.sessionId, { host: 'rival.example.com', accountId: dealer.accountId })).flag).toBe(0);
    const dealerIcon = await upload(dealer.sessionId, b64(PNG));
    expect(await save(rival.sessionId, { host: 'rival.example.com', iconUrl: dealerIcon.obj.iconUrl })).toMatchObject({
      flag: 0,
      errorCode: 'branding.iconNotFound',
    });
    expect(await save(rival.sessionId, { host: 'rival.example.com', iconUrl: 'https://evil.example/x.png' })).toMatchObject({
      flag: 0,
      errorCode: 'branding.iconNotFound',
    });
    expect(await save(rival.sessionId, { host: 'bad host!', title: 'x' })).toMatchObject({ flag: 0, errorCode: 'branding.hostInvalid' });
    // the dealer brands a host for its customer, who may then edit it; the administrator may edit anything
    expect((await save(dealer.sessionId, { host: 'customer.example.com', title: '客户平台', accountId: customer.accountId })).flag).toBe(1);
    expect((await list(customer.sessionId)).map((e) => [e.host, e.accountName])).toEqual([['customer.example.com', '品牌客户']]);
    expect((await save(customer.sessionId, { host: 'customer.example.com', title: '客户自己改' })).flag).toBe(1);
    expect((await save(admin, { host: 'gps.dealer-one.cn', title: '平台代改' })).flag).toBe(1);
    const removed = await t.call(dealer.sessionId, {
      method: 'POST',
      url: '/car/v1/api/custom/delete.json',
      ...form({ host: 'customer.example.com' }),
    });
    expect(removed.json()).toMatchObject({ flag: 1 });
    expect((await t.call(null, { url: '/car/v1/api/custom/queryCustomInfo.json?url=customer.example.com' })).json().obj.title).toBe(
      '车联智能管理平台',
    );
  });
});
