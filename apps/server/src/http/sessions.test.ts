import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptForLogin } from '../modules/auth/rsa.ts';
import { createTenant } from '../testing/fixtures.ts';
import { createTestServer, form, type TestServer } from '../testing/testServer.ts';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await createTestServer();
  admin = await t.login();
});
afterAll(() => t?.close());

const me = (sessionId: string) => t.call(sessionId, { url: '/car/v1/api/user/getUser.json' }).then((r) => r.json());
const live = async (sessionId: string) => (await me(sessionId)).flag === 1;
const enc = (password: string) => encryptForLogin(t.ctx.publicKey, password);
const post = (sessionId: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());

describe('sessions (issue 23)', () => {
  it('are new at every login: two logins, two sessions; ending one leaves the other', async () => {
    const u = await createTenant(t);
    const second = await t.login(u.username, u.password);
    expect(second).not.toBe(u.sessionId);
    expect(second).toMatch(/^[0-9a-f]{48}$/);
    await t.call(u.sessionId, { url: '/oauth/logout' });
    expect(await live(u.sessionId)).toBe(false);
    expect(await live(second)).toBe(true);
  });

  it('are capped per user (MAX_SESSIONS_PER_USER, 20): a login past the cap ends the oldest, whose token then answers 4010', async () => {
    const u = await createTenant(t);
    // 19 older sessions beside the tenant's own login, made directly: 20 logins would take a while.
    await t.ctx.db.query(
      `INSERT INTO sessions (id, user_id, created_at, expires_at)
         SELECT 'old' || g, $1, now() - make_interval(mins => 100 - g), now() + interval '1 hour' FROM generate_series(1, 19) g`,
      [u.userId],
    );
    expect(await live('old1')).toBe(true);
    const newest = await t.login(u.username, u.password);
    expect(await me('old1')).toMatchObject({ flag: 4010, msg: '登录超时' });
    for (const kept of ['old2', 'old19', u.sessionId, newest]) expect(await live(kept), kept).toBe(true);
    const { n } = (await t.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [u.userId]))!;
    expect(n).toBe(20);
  });

  it('a password change ends the user’s other sessions, not the one that changed it', async () => {
    const u = await createTenant(t);
    const other = await t.login(u.username, u.password);
    const changed = await post(u.sessionId, '/car/v1/api/user/updateUserPassword.json', {
      oldPassword: enc(u.password),
      newPassword: enc('Another-Pass-2026'),
    });
    expect(changed.flag).toBe(1);
    expect(await live(u.sessionId)).toBe(true);
    expect(await me(other)).toMatchObject({ flag: 4010, msg: '登录超时' });
  });

  it('a password reset by an administrator ends every session of that user', async () => {
    const u = await createTenant(t);
    const other = await t.login(u.username, u.password);
    expect((await post(admin, '/car/v4/api/user/resetPassword.json', { id: u.userId, password: enc('Reset-Pass-2026') })).flag).toBe(1);
    expect(await live(u.sessionId)).toBe(false);
    expect(await live(other)).toBe(false);
  });

  it('disabling a user, or its account, ends its sessions at once and its login is refused', async () => {
    const u = await createTenant(t);
    const updated = await post(admin, '/car/v4/api/user/update.json', {
      id: u.userId,
      accountId: u.accountId,
      roleId: u.roleId,
      enabled: false,
    });
    expect(updated.flag).toBe(1);
    expect(await live(u.sessionId)).toBe(false);

    const v = await createTenant(t, { name: '停用测试公司' });
    expect(await live(v.sessionId)).toBe(true);
    expect((await post(admin, '/car/v4/api/account/update.json', { id: v.accountId, name: '停用测试公司', enabled: false })).flag).toBe(1);
    expect(await live(v.sessionId)).toBe(false);
    await expect(t.login(v.username, v.password)).rejects.toThrow();
  });

  it('takes a session from the URL only for files, images and the live socket — never for the JSON API', async () => {
    const u = await createTenant(t, { codes: ['center', 'center:download', 'system:user'] });
    const json = await t.call(null, { url: `/car/v1/api/user/getUser.json?sessionId=${u.sessionId}` });
    expect(json.json()).toMatchObject({ flag: 4010 });
    const post = await t.call(null, {
      method: 'POST',
      url: `/car/v1/accelerate/export/exportDataReport.json?sessionId=${u.sessionId}`,
      ...form({ reportType: 'userList' }),
    });
    expect(post.json()).toMatchObject({ flag: 4010 });
    // the download link works with its own user's session, and shows nobody else's file
    const mine = (
      await t.call(u.sessionId, {
        method: 'POST',
        url: '/car/v1/accelerate/export/exportDataReport.json',
        ...form({ reportType: 'userList' }),
      })
    ).json().obj.id;
    const other = await createTenant(t, { codes: ['center', 'center:download'] });
    const foreign = await t.call(null, { url: `/car/v1/accelerate/export/download.json?id=${mine}&sessionId=${other.sessionId}` });
    expect(foreign.json()).toMatchObject({ flag: 0, errorCode: 'export.fileNotFound' });
    const own = await t.call(null, { url: `/car/v1/accelerate/export/download.json?id=${mine}&sessionId=${u.sessionId}` });
    expect(own.json()).toMatchObject({ flag: 0, errorCode: 'export.notReady' }); // reached the file: not yet made
  });
});
