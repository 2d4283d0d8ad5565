import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, TEST_ADMIN_PASSWORD, type TestServer } from '../../testing/testServer.ts';
import { encryptForLogin } from './rsa.ts';
import { AUTH_ERRORS } from '@chelian/contracts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

const loginWith = (fields: Record<string, string>) => t.app.inject({ method: 'POST', url: '/oauth/v4/token', ...form(fields) });
const enc = (pw: string) => encryptForLogin(t.ctx.publicKey, pw);

describe('login', () => {
  it('publishes a 2048-bit RSA public key', async () => {
    const body = (await t.app.inject({ url: '/oauthToken/getConfig' })).json();
    expect(body.flag).toBe(1);
    expect(body.obj.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const { createPublicKey } = await import('node:crypto');
    expect(createPublicKey(body.obj.publicKey).asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
  });

  it('logs in with an encrypted password and the session works, then logout ends it', async () => {
    const body = (await loginWith({ username: 'admin', password: enc(TEST_ADMIN_PASSWORD) })).json();
    expect(body.flag).toBe(1);
    expect(body.obj.sessionId).toMatch(/^[0-9a-f]{48}$/);
    const user = (await t.call(body.obj.sessionId, { url: '/car/v1/api/user/getUser.json' })).json();
    expect(user.flag).toBe(1);
    expect(user.obj.username).toBe('admin');
    expect(user.obj.userId).toBe(body.obj.userId);
    expect(user.obj).not.toHaveProperty('password_hash');
    await t.call(body.obj.sessionId, { url: '/oauth/logout' });
    const after = (await t.call(body.obj.sessionId, { url: '/car/v1/api/user/getUser.json' })).json();
    expect(after).toMatchObject({ flag: 4010, msg: '登录超时' });
  });

  it('refuses a password sent in clear text', async () => {
    const body = (await loginWith({ username: 'admin', password: TEST_ADMIN_PASSWORD })).json();
    expect(body).toMatchObject({ flag: 0, errorCode: AUTH_ERRORS.clearTextRefused.code, msg: AUTH_ERRORS.clearTextRefused.msg });
  });

  it('answers a wrong username and a wrong password with the same message', async () => {
    const a = (await loginWith({ username: 'admin', password: enc('wrong-password1') })).json();
    const b = (await loginWith({ username: 'nobody-here', password: enc('wrong-password1') })).json();
    expect(a).toMatchObject({ errorCode: AUTH_ERRORS.wrongCredentials.code, msg: AUTH_ERRORS.wrongCredentials.msg });
    expect(b.msg).toBe(a.msg);
    expect(b.errorCode).toBe(a.errorCode);
    expect(b.obj).toEqual(a.obj);
  });

  it('demands a captcha after 3 failures and locks after 10, for unknown names too', async () => {
    for (const username of ['victim', 'ghost-user']) {
      const codes: string[] = [];
      for (let i = 0; i < 3; i++) codes.push((await loginWith({ username, password: enc('bad-pass-123') })).json().errorCode);
      expect(codes).toEqual([
        AUTH_ERRORS.wrongCredentials.code,
        AUTH_ERRORS.wrongCredentials.code,
        AUTH_ERRORS.wrongCredentialsNeedCaptcha.code,
      ]);
      const noCaptcha = (await loginWith({ username, password: enc('bad-pass-123') })).json();
      expect(noCaptcha).toMatchObject({ errorCode: AUTH_ERRORS.captchaRequired.code, obj: { captchaRequired: true } });
      expect(noCaptcha.msg).toContain('验证码');
      // With correct captchas the failures keep counting up to the lock.
      let last = { errorCode: '', msg: '' };
      for (let i = 3; i < 11; i++) {
        const cap = (await t.app.inject({ url: '/oauth/getCode' })).json().obj;
        const code = await t.ctx.captchas.answerOf(cap.codeKey);
        last = (await loginWith({ username, password: enc('bad-pass-123'), code: code!, codeKey: cap.codeKey })).json();
      }
      expect(last).toMatchObject({ errorCode: AUTH_ERRORS.locked.code, msg: '登录失败次数过多，账号已锁定15分钟，请稍后再试' });
    }
  });

  it('makes a captcha single use', async () => {
    const cap = (await t.app.inject({ url: '/oauth/getCode' })).json().obj;
    expect(cap.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = await t.ctx.captchas.answerOf(cap.codeKey);
    expect(await t.ctx.captchas.verify(cap.codeKey, answer)).toBe(true);
    expect(await t.ctx.captchas.verify(cap.codeKey, answer)).toBe(false);
  });

  it('draws the older screen captcha image under the key it made, for one login', async () => {
    const codeKey = 'ab'.repeat(16);
    const res = await t.app.inject({ url: `/oauth/getCodeImg?codeKey=${codeKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<svg/);
    const answer = await t.ctx.captchas.answerOf(codeKey);
    expect(answer).toMatch(/^[a-z0-9]{4}$/);
    expect(await t.ctx.captchas.verify(codeKey, answer)).toBe(true);
    expect(await t.ctx.captchas.verify(codeKey, answer)).toBe(false);
    expect((await t.app.inject({ url: '/oauth/getCodeImg?codeKey=../../etc' })).statusCode).toBe(400);
  });

  it('logs in by SMS code for a bound phone, limits sending to one a minute', async () => {
    await t.ctx.db.query(`UPDATE users SET phone = '13800138000' WHERE username = 'admin'`);
    const sent = (await t.app.inject({ method: 'POST', url: '/oauth/sendLoginSms', ...form({ phone: '13800138000' }) })).json();
    expect(sent.flag).toBe(1);
    const again = (await t.app.inject({ method: 'POST', url: '/oauth/sendLoginSms', ...form({ phone: '13800138000' }) })).json();
    expect(again).toMatchObject({ flag: 0, errorCode: AUTH_ERRORS.smsTooFrequent.code });
    expect(again.msg).toContain('1分钟');
    const outbox = await t.ctx.db.one<{ content: string }>(`SELECT content FROM sms_outbox WHERE phone = '13800138000' ORDER BY id DESC`);
    const code = outbox!.content.match(/验证码为(\d{6})/)![1];
    const wrong = (await loginWith({ phone: '13800138000', smsCode: '000000' === code ? '111111' : '000000' })).json();
    expect(wrong.flag).toBe(0);
    const ok = (await loginWith({ phone: '13800138000', smsCode: code })).json();
    expect(ok.flag).toBe(1);
    expect(ok.obj.sessionId).toBeTruthy();
  });

  it('ends a session idle past the limit, and one past its absolute limit', async () => {
    const idle = await t.login();
    await t.ctx.db.query(`UPDATE sessions SET last_seen_at = now() - interval '121 minutes' WHERE id = $1`, [idle]);
    expect((await t.call(idle, { url: '/car/v1/api/user/getUser.json' })).json()).toMatchObject({ flag: 4010, msg: '登录超时' });
    const old = await t.login();
    await t.ctx.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [old]);
    expect((await t.call(old, { url: '/car/v1/api/user/getUser.json' })).json().flag).toBe(4010);
    const live = await t.login();
    await t.ctx.db.query(`UPDATE sessions SET last_seen_at = now() - interval '119 minutes' WHERE id = $1`, [live]);
    expect((await t.call(live, { url: '/car/v1/api/user/getUser.json' })).json().flag).toBe(1);
  });

  it('keeps sessions in the database: a second app on the same database accepts them', async () => {
    const sessionId = await t.login();
    const { buildApp } = await import('../../http/app.ts');
    const { apiModules } = await import('../index.ts');
    const { app: second } = await buildApp(t.ctx, apiModules, { logger: false });
    const res = await second.inject({ url: '/car/v1/api/user/getUser.json', headers: { sessionid: sessionId } });
    expect(res.json().obj.username).toBe('admin');
    await second.close();
  });
});
