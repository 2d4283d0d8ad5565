import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './log.ts';
import { encryptForLogin } from './modules/auth/rsa.ts';
import { createTestServer, form, TEST_ADMIN_PASSWORD, type TestServer } from './testing/testServer.ts';

let lines = '';
const captured = new Writable({
  write(chunk, _encoding, done) {
    lines += chunk.toString();
    done();
  },
});

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({}, { log: createLogger('debug', captured) });
});
afterAll(() => t?.close());

/** Whether a secret appears in the captured log as a whole token (not as part of a longer one, e.g. digits of a timestamp). */
function logged(secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9+/=])${escaped}($|[^A-Za-z0-9+/=])`).test(lines);
}

describe('secrets never reach the log', () => {
  it('redacts secret query parameters from URLs, whatever their case', () => {
    expect(redactUrl('/car/v4/api/vehicle/export.json?plate=A1&sessionId=abc123&SESSIONID=x&code=998877')).toBe(
      '/car/v4/api/vehicle/export.json?plate=A1&sessionId=[已隐藏]&SESSIONID=[已隐藏]&code=[已隐藏]',
    );
  });

  it('after a login with a captcha, an iframe export, an SMS code and a password change, greps the log for each', async () => {
    const secrets: string[] = [];
    const enc = (password: string) => {
      const cipher = encryptForLogin(t.ctx.publicKey, password);
      secrets.push(password, cipher);
      return cipher;
    };
    const login = (fields: Record<string, string>) => t.app.inject({ method: 'POST', url: '/oauth/v4/token', ...form(fields) });

    // three failures make the next login need the captcha
    for (let i = 0; i < 3; i++) await login({ username: 'admin', password: enc(`Wrong-pass-${i}`) });
    const captcha = (await t.app.inject({ url: '/oauth/getCode' })).json().obj;
    const answer = (await t.ctx.captchas.answerOf(captcha.codeKey))!;
    secrets.push(answer);
    const ok = (await login({ username: 'admin', password: enc(TEST_ADMIN_PASSWORD), code: answer, codeKey: captcha.codeKey })).json();
    expect(ok.flag).toBe(1);
    const sessionId: string = ok.obj.sessionId;
    secrets.push(sessionId);

    // the export's iframe sends the session in the query string; a header on the next call
    const exported = await t.app.inject({ url: `/car/v4/api/vehicle/export.json?sessionId=${sessionId}` });
    expect(exported.statusCode).toBe(200);
    expect((await t.call(sessionId, { url: '/car/v1/api/user/getUser.json' })).json().flag).toBe(1);

    // an SMS code (the outbox provider logs each message it "sends")
    const phone = '13912345678';
    expect((await t.call(sessionId, { method: 'POST', url: '/car/v1/api/user/sendSmsCode.json', ...form({ phone }) })).json().flag).toBe(1);
    const sms = await t.ctx.db.one<{ content: string }>('SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [
      phone,
    ]);
    const smsCode = sms!.content.match(/(\d{6})/)![1];
    secrets.push(smsCode);
    await t.call(sessionId, { method: 'POST', url: '/car/v1/api/user/phoneCodeVerify.json', ...form({ phone, code: smsCode }) });

    const changed = await t.call(sessionId, {
      method: 'POST',
      url: '/car/v1/api/user/updateUserPassword.json',
      ...form({ oldPassword: enc(TEST_ADMIN_PASSWORD), newPassword: enc('Changed-Pass-2026') }),
    });
    expect(changed.json().flag).toBe(1);

    expect(lines).toContain('incoming request'); // the log really was written
    expect(lines).toContain('/car/v4/api/vehicle/export.json?sessionId=[已隐藏]');
    expect(lines).toContain('sms outbox');
    for (const secret of secrets) expect(logged(secret), `secret ${secret.slice(0, 12)}… in the log`).toBe(false);
  }, 120_000); // five scrypt hashes and an export: slow on a busy machine
});
