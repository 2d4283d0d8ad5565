import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { HELP_MESSAGE_ERRORS } from '@chelian/contracts';
import { messagesQueries } from './messages.queries.ts';

let t: TestServer;
let a: Tenant;
let a2: Tenant;
let b: Tenant;
let secretForB: number;
const codes = ['center', 'center:notice'];

beforeAll(async () => {
  // Ports and the terminal host of this deployment, not the defaults: the welcome quotes these.
  t = await createTestServer({ ports: { jt808: 6808, gt06: 6806, h02: 6813, watch: 6893 }, terminalHost: 'gps.chelian.test' });
  a = await createTenant(t, { codes });
  b = await createTenant(t, { codes });
  a2 = await createTenant(t, { codes, parentAccountId: a.accountId }); // a sub-account of a
  for (let i = 0; i < 12; i++) {
    await messagesQueries.insert(t.ctx.db, {
      accountId: a.accountId,
      userId: null,
      type: 'notice',
      title: `A 的通知 ${i}`,
      content: '内容',
    });
  }
  [{ id: secretForB }] = await messagesQueries.insert(t.ctx.db, {
    accountId: b.accountId,
    userId: null,
    type: 'notice',
    title: 'B 的机密',
    content: '仅 B 可见',
  });
});
afterAll(() => t?.close());

const page = (s: Tenant, q = '') =>
  t.call(s.sessionId, { url: `/car/v1/helpCenter/helpMessage/pageHelpMessage${q}` }).then((r) => r.json());

describe('station messages', () => {
  it('pages with the spec defaults (current 1, pageSize 10), newest first, with platform announcements', async () => {
    const body = await page(a);
    expect(body.flag).toBe(1);
    expect(body.obj.current).toBe(1);
    expect(body.obj.pageSize).toBe(10);
    expect(body.obj.list).toHaveLength(10);
    expect(body.obj.total).toBe(14); // 12 of A + 2 platform-wide seeded messages
    expect(body.obj.list[0].title).toBe('A 的通知 11');
    expect(body.obj.unread).toBe(14);
  });

  it('answers the count and the unread count on the last page and on a page past the end alike', async () => {
    expect((await page(a, '?current=2')).obj).toMatchObject({ total: 14, unread: 14, current: 2 });
    expect((await page(a, '?current=2')).obj.list).toHaveLength(4);
    const past = (await page(a, '?current=9')).obj;
    expect(past).toMatchObject({ total: 14, unread: 14, list: [] });
  });

  it("shows a parent account message to the sub-account, never another tenant's", async () => {
    expect((await page(a2)).obj.total).toBe(14);
    const bTitles = (await page(b, '?pageSize=50')).obj.list.map((m: { title: string }) => m.title);
    expect(bTitles).toContain('B 的机密');
    expect(bTitles.some((x: string) => x.startsWith('A 的'))).toBe(false);
    const foreign = (await t.call(a.sessionId, { url: `/car/v1/helpCenter/helpMessage/getHelpMessage?id=${secretForB}` })).json();
    expect(foreign).toMatchObject({ flag: 0, errorCode: HELP_MESSAGE_ERRORS.notFound.code });
    expect(JSON.stringify(foreign)).not.toContain('机密');
  });

  it('keeps read state per user; marking a foreign id read changes nothing', async () => {
    const first = (await page(a)).obj.list[0];
    const mark = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/helpCenter/helpMessage/markRead',
        ...form({ id: `${first.id},${secretForB}` }),
      })
    ).json();
    expect(mark.obj.updated).toBe(1);
    expect((await page(a)).obj.unread).toBe(13);
    expect((await page(a2)).obj.unread).toBe(14);
    expect((await page(b, '?read=false')).obj.total).toBe(3);
    const unreadOnly = await page(a, '?read=false&pageSize=50');
    expect(unreadOnly.obj.list.every((m: { read: boolean }) => !m.read)).toBe(true);
    const all = (
      await t.call(a.sessionId, { method: 'POST', url: '/car/v1/helpCenter/helpMessage/markRead', ...form({ all: true }) })
    ).json();
    expect(all.obj.updated).toBe(13);
    expect((await page(a)).obj.unread).toBe(0);
  });

  it('filters announcements and opens one for the detail page', async () => {
    const ann = (await page(a, '?type=announcement')).obj.list;
    expect(ann).toHaveLength(1);
    const detail = (await t.call(a.sessionId, { url: `/car/v1/helpCenter/helpMessage/getHelpMessage?id=${ann[0].id}` })).json();
    expect(detail.obj.title).toBe('欢迎使用车联智能管理平台');
    expect(detail.obj.content).toContain(
      '终端接入地址：gps.chelian.test；端口：JT/T 808 为 6808，GT06 为 6806，H02 为 6813，手表协议为 6893。',
    );
    expect(detail.obj.content).not.toMatch(/5015|\{\{/);
    const listed = (await page(a, '?type=announcement')).obj.list[0];
    expect(listed.content).toBe(detail.obj.content);
  });
});
