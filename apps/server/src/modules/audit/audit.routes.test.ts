import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { loggedInput } from '../../http/auditHook.ts';

let t: TestServer;
let admin: string;
let tenant: Tenant;
let sibling: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  admin = await t.login();
  tenant = await createTenant(t, { codes: ['system:audit'] });
  sibling = await createTenant(t, { codes: ['system:audit'] });
});
afterAll(() => t?.close());

const list = async (sessionId: string, query: Record<string, string> = {}) => {
  await t.ctx.audit.flush();
  const res = await t.call(sessionId, { url: `/car/v4/api/audit/list.json?${new URLSearchParams({ pageSize: '100', ...query })}` });
  return res.json();
};

describe('the operation log', () => {
  it('records a write with who, from where, what in Chinese and its outcome', async () => {
    const res = await t.call(tenant.sessionId, { method: 'POST', url: '/car/v1/api/user/updateTheme.json', payload: { theme: 'blue' } });
    expect(res.json().flag).toBe(1);
    const page = await list(tenant.sessionId, { action: '主题' });
    expect(page.flag).toBe(1);
    const [entry] = page.obj.list;
    expect(entry).toMatchObject({
      username: tenant.username,
      userId: tenant.userId,
      action: '修改主题',
      method: 'POST',
      path: '/car/v1/api/user/updateTheme.json',
      ok: true,
      errorCode: '',
      input: { theme: 'blue' },
    });
    expect(entry.ip).toBeTruthy();
    expect(Date.now() - entry.at).toBeLessThan(60_000);
  });

  it('records a refused write with its error code, and never a secret', async () => {
    const res = await t.call(tenant.sessionId, {
      method: 'POST',
      url: '/car/v1/api/user/updateUserPassword.json',
      payload: { oldPassword: 'c2VjcmV0LW9sZA==', newPassword: 'c2VjcmV0LW5ldw==' },
    });
    expect(res.json().flag).not.toBe(1);
    const [entry] = (await list(tenant.sessionId, { action: '修改密码' })).obj.list;
    expect(entry.ok).toBe(false);
    expect(entry.errorCode).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    expect(entry.input).toEqual({ oldPassword: '***', newPassword: '***' });
    expect(JSON.stringify(entry)).not.toContain('c2VjcmV0');
  });

  it('records a write whose input holds NUL characters (which jsonb refuses) without stopping the entries after it', async () => {
    await t.call(tenant.sessionId, {
      method: 'POST',
      url: '/car/v1/api/user/updateTheme.json',
      payload: { theme: 'red\u0000', note: 'a\u0000b' },
    });
    await t.call(tenant.sessionId, { method: 'POST', url: '/car/v1/api/user/updateTheme.json', payload: { theme: 'blue' } });
    const entries = (await list(tenant.sessionId, { action: '主题' })).obj.list;
    expect(entries[0]).toMatchObject({ input: { theme: 'blue' } });
    expect(entries[1]).toMatchObject({ input: { theme: 'red\uFFFD', note: 'a\uFFFDb' } });
  });

  it('drops only an entry the database refuses, and writes the rest of its batch', async () => {
    const base = {
      at: new Date(),
      userId: tenant.userId,
      username: tenant.username,
      accountPath: tenant.accountPath,
      ip: '127.0.0.1',
      method: 'POST',
      path: '/x',
      objectType: '测试',
      objectId: '',
      ok: true,
      errorCode: '',
      input: {},
    };
    t.ctx.audit.record({ ...base, action: '毒丸之前', changes: null });
    t.ctx.audit.record({ ...base, action: '毒丸', changes: { after: { name: 'a\u0000b' } } });
    t.ctx.audit.record({ ...base, action: '毒丸之后', changes: null });
    const actions = (await list(tenant.sessionId, { action: '毒丸' })).obj.list.map((e: { action: string }) => e.action);
    expect(actions.sort()).toEqual(['毒丸之前', '毒丸之后']);
  });

  it('does not log queries', async () => {
    await t.call(tenant.sessionId, { url: '/car/v1/api/user/getUser.json' });
    const page = await list(tenant.sessionId);
    expect(page.obj.list.every((e: { method: string }) => e.method === 'POST')).toBe(true);
    expect(page.obj.list.some((e: { path: string }) => e.path.includes('getUser'))).toBe(false);
  });

  it('shows an account only its own subtree: a sibling sees none of it, the platform sees all', async () => {
    const mine = await list(sibling.sessionId);
    expect(mine.obj.list.some((e: { userId: number }) => e.userId === tenant.userId)).toBe(false);
    const all = await list(admin, { username: tenant.username });
    expect(all.obj.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses a caller without the menu, and bad ranges in Chinese', async () => {
    const powerless = await createTenant(t, { codes: [] });
    expect((await t.call(powerless.sessionId, { url: '/car/v4/api/audit/list.json' })).json().errorCode).toBe('common.forbidden');
    const backwards = await list(admin, { start: '2026-11-02', end: '2026-11-01' });
    expect(backwards).toMatchObject({ flag: 0, errorCode: 'audit.endBeforeStart' });
    expect(backwards.msg).toMatch(/结束时间/);
  });
});

describe('what the log keeps of an input', () => {
  it('masks secrets, cuts long texts and bounds the whole', () => {
    expect(loggedInput({ password: 'x', smsCode: '123456', codeKey: 'k', name: '车'.repeat(300), n: 5 })).toEqual({
      password: '***',
      smsCode: '***',
      codeKey: '***',
      name: `${'车'.repeat(200)}…`,
      n: 5,
    });
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'x'.repeat(100)]));
    expect(loggedInput(many)).toMatchObject({ truncated: true });
  });
});
