import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

let t: TestServer;
let dealer: Tenant;
let customer: Tenant;
let sibling: Tenant;
let rival: Tenant;
const publisher = ['system', 'system:notice', 'system:notice:publish', 'center', 'center:notice'];
const reader = ['center', 'center:notice'];

beforeAll(async () => {
  t = await createTestServer();
  dealer = await createTenant(t, { codes: publisher, name: '发布经销商' });
  customer = await createTenant(t, { codes: reader, name: '收信客户', parentAccountId: dealer.accountId });
  sibling = await createTenant(t, { codes: publisher, name: '兄弟客户', parentAccountId: dealer.accountId });
  rival = await createTenant(t, { codes: publisher, name: '别家经销商' });
});
afterAll(() => t?.close());

const publish = (s: Tenant, body: Record<string, unknown>) =>
  t
    .call(s.sessionId, {
      method: 'POST',
      url: '/car/v4/api/notice/publish.json',
      payload: { type: 'notice', title: '系统维护通知', html: '<p>今晚维护</p>', ...body },
    })
    .then((r) => r.json());
const inbox = (s: Tenant) =>
  t.call(s.sessionId, { url: '/car/v1/helpCenter/helpMessage/pageHelpMessage?pageSize=50' }).then((r) => r.json().obj);
const published = (s: Tenant) => t.call(s.sessionId, { url: '/car/v4/api/notice/list.json' }).then((r) => r.json().obj);

describe('内容发布', () => {
  it('publishes sanitised rich text that the recipients read in their centre, with read counts', async () => {
    const html =
      '<h2>维护</h2><p onclick="steal()">今晚 <b>22:00</b> 维护<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>';
    const res = await publish(dealer, { html, accountIds: [customer.accountId] });
    expect(res).toMatchObject({ flag: 1, obj: { audience: 1 } });

    const box = await inbox(customer);
    const msg = box.list.find((m: { id: number; title: string }) => m.title === '系统维护通知');
    expect(msg.content).toBe('维护\n今晚 22:00 维护\n链接');
    expect(msg.html).toContain('<b>22:00</b>');
    for (const bad of ['<script', 'alert', 'onerror', 'onclick', 'javascript:']) expect(msg.html).not.toContain(bad);
    // the publisher's own account and a sibling are not recipients
    expect((await inbox(sibling)).list.some((m: { title: string }) => m.title === '系统维护通知')).toBe(false);

    let list = await published(dealer);
    expect(list.list[0]).toMatchObject({
      title: '系统维护通知',
      recipients: [{ accountId: customer.accountId, accountName: '收信客户' }],
      audience: 1,
      readCount: 0,
    });
    await t.call(customer.sessionId, { method: 'POST', url: '/car/v1/helpCenter/helpMessage/markRead', ...form({ id: msg.id }) });
    list = await published(dealer);
    expect(list.list[0].readCount).toBe(1);
  });

  it("publishes only to the caller's own subtree and shows only what the subtree published", async () => {
    expect(await publish(rival, { accountIds: [customer.accountId] })).toMatchObject({ flag: 0, errorCode: 'notice.accountNotFound' });
    expect(await publish(sibling, { accountIds: [dealer.accountId] })).toMatchObject({ flag: 0, errorCode: 'notice.accountNotFound' });
    expect(await publish(sibling, { accountIds: [sibling.accountId, customer.accountId] })).toMatchObject({
      flag: 0,
      errorCode: 'notice.accountNotFound',
    });
    expect(await publish(dealer, { accountIds: [customer.accountId], html: '<script>alert(1)</script>' })).toMatchObject({
      flag: 0,
      errorCode: 'notice.empty',
    });
    expect((await published(rival)).total).toBe(0);
    expect((await published(sibling)).total).toBe(0);

    const own = await publish(dealer, { type: 'announcement', title: '全体公告', accountIds: [dealer.accountId] });
    expect(own.obj.audience).toBe(3); // the dealer's, the customer's and the sibling's users
    expect((await inbox(sibling)).list.some((m: { title: string }) => m.title === '全体公告')).toBe(true);

    const foreignWithdraw = await t.call(rival.sessionId, {
      method: 'POST',
      url: '/car/v4/api/notice/withdraw.json',
      ...form({ id: own.obj.id }),
    });
    expect(foreignWithdraw.json()).toMatchObject({ flag: 0, errorCode: 'notice.notFound' });
    const withdraw = await t.call(dealer.sessionId, {
      method: 'POST',
      url: '/car/v4/api/notice/withdraw.json',
      ...form({ id: own.obj.id }),
    });
    expect(withdraw.json().flag).toBe(1);
    expect((await inbox(sibling)).list.some((m: { title: string }) => m.title === '全体公告')).toBe(false);
  });

  it('publishes help-centre articles, which the centre lists under their own type', async () => {
    const res = await publish(dealer, {
      type: 'article',
      title: '如何查看轨迹回放',
      html: '<h3>步骤</h3><ol><li>打开 智能车联 › 轨迹回放</li><li>选择车辆和时间</li></ol>',
      accountIds: [dealer.accountId],
    });
    expect(res.flag).toBe(1);
    const articles = (await t.call(customer.sessionId, { url: '/car/v1/helpCenter/helpMessage/pageHelpMessage?type=article' })).json().obj;
    expect(articles.list.map((m: { title: string; type: string }) => [m.title, m.type])).toEqual([['如何查看轨迹回放', 'article']]);
    expect(articles.list[0].html).toContain('<ol><li>');
    expect((await published(dealer)).list[0]).toMatchObject({ type: 'article', title: '如何查看轨迹回放' });
  });

  it('is refused without the publish button', async () => {
    const res = await publish(customer, { accountIds: [customer.accountId] });
    expect(res.flag).toBe(0);
    expect(res.msg).toBe('没有该操作的权限');
  });
});
