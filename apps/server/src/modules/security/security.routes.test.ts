import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { AUTH_ERRORS, SECURITY_ERRORS } from '@chelian/contracts';
import { encryptForLogin } from '../auth/rsa.ts';

let t: TestServer;
let u: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  u = await createTenant(t, { codes: ['center', 'center:security'] });
});
afterAll(() => t?.close());

const post = (sessionId: string, url: string, fields: Record<string, string | boolean>) =>
  t.call(sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const enc = (pw: string) => encryptForLogin(t.ctx.publicKey, pw);
const lastCode = async (phone: string) =>
  (await t.ctx.db.one<{ content: string }>('SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [
    phone,
  ]))!.content.match(/(\d{6})/)![1];

describe('security centre', () => {
  it('changes the password with the old one, enforces strength, and ends the other sessions', async () => {
    const other = await t.login(u.username, u.password);
    expect(
      (
        await post(u.sessionId, '/car/v1/api/user/updateUserPassword.json', {
          oldPassword: enc('wrong-old-1'),
          newPassword: enc('NewPass2026'),
        })
      ).errorCode,
    ).toBe(SECURITY_ERRORS.wrongOldPassword.code);
    expect(
      (await post(u.sessionId, '/car/v1/api/user/updateUserPassword.json', { oldPassword: enc(u.password), newPassword: enc('short') }))
        .errorCode,
    ).toBe(SECURITY_ERRORS.weakPassword.code);
    expect(
      (await post(u.sessionId, '/car/v1/api/user/updateUserPassword.json', { oldPassword: u.password, newPassword: 'NewPass2026' }))
        .errorCode,
    ).toBe(AUTH_ERRORS.clearTextRefused.code);
    const ok = await post(u.sessionId, '/car/v1/api/user/updateUserPassword.json', {
      oldPassword: enc(u.password),
      newPassword: enc('NewPass2026'),
    });
    expect(ok).toMatchObject({ flag: 1, obj: { endedSessions: 1 } });
    expect((await t.call(other, { url: '/car/v1/api/user/getUser.json' })).json().flag).toBe(4010);
    expect((await t.call(u.sessionId, { url: '/car/v1/api/user/getUser.json' })).json().flag).toBe(1);
    expect(await t.login(u.username, 'NewPass2026')).toBeTruthy();
  });

  it('binds a phone by SMS code, shows it masked, and unbinds it', async () => {
    expect(await post(u.sessionId, '/car/v1/api/user/sendSmsCode.json', { phone: '12345' })).toMatchObject({
      errorCode: AUTH_ERRORS.badPhone.code,
      msg: '手机号格式不正确',
    });
    expect((await post(u.sessionId, '/car/v1/api/user/sendSmsCode.json', { phone: '13912345678', purpose: 'bind' })).flag).toBe(1);
    expect(
      (
        await post(u.sessionId, '/car/v1/api/user/phoneCodeVerify.json', {
          phone: '13912345678',
          code: '000000' === (await lastCode('13912345678')) ? '111111' : '000000',
        })
      ).flag,
    ).toBe(0);
    const bound = await post(u.sessionId, '/car/v1/api/user/phoneCodeVerify.json', {
      phone: '13912345678',
      code: await lastCode('13912345678'),
    });
    expect(bound.obj.phone).toBe('139****5678');
    const auth = (await t.call(u.sessionId, { url: '/car/v1/api/userAuth/doGetAuthData.json' })).json().obj;
    expect(auth).toMatchObject({ phone: '139****5678', phoneBound: true, wxBound: false });
    const user = (await t.call(u.sessionId, { url: '/car/v1/api/user/getUser.json' })).json().obj;
    expect(user.phone).toBe('139****5678');
    expect((await post(u.sessionId, '/car/v1/api/user/unbindWxRelation.json', {})).errorCode).toBe(SECURITY_ERRORS.wxNotBound.code);
    const unbound = await post(u.sessionId, '/car/v1/api/userAuth/delBangDing.json', { type: 'phone' });
    expect(unbound.obj.phoneBound).toBe(false);
  });

  it('tells whether another account has a phone only to whoever holds it', async () => {
    const other = await createTenant(t, { codes: [] });
    await t.ctx.db.query(`UPDATE users SET phone = '13955556666' WHERE id = $1`, [other.userId]);
    // Without the code, a phone someone has answers as one no one has.
    for (const phone of ['13955556666', '13955557777']) {
      expect(await post(u.sessionId, '/car/v1/api/user/phoneCodeVerify.json', { phone, code: '123456' })).toMatchObject({
        errorCode: SECURITY_ERRORS.wrongSmsCode.code,
      });
    }
    expect((await post(u.sessionId, '/car/v1/api/user/sendSmsCode.json', { phone: '13955556666', purpose: 'bind' })).flag).toBe(1);
    expect(
      await post(u.sessionId, '/car/v1/api/user/phoneCodeVerify.json', { phone: '13955556666', code: await lastCode('13955556666') }),
    ).toMatchObject({ errorCode: SECURITY_ERRORS.phoneTaken.code, msg: '该手机号已绑定其他账号' });
  });

  it('unbinds WeChat when bound', async () => {
    await t.ctx.db.query(`UPDATE users SET wx_openid = 'o-123', wx_nickname = '小车' WHERE id = $1`, [u.userId]);
    const res = await post(u.sessionId, '/car/v1/api/user/unbindWxRelation.json', {});
    expect(res.obj).toMatchObject({ wxBound: false, wxNickname: '' });
  });

  it('updates privacy switches and keeps only known keys', async () => {
    const res = await post(u.sessionId, '/car/v1/api/user/updatePrivacy.json', {
      showPhone: 'true',
      allowAssistant: 'false',
      evil: 'x',
    } as never);
    expect(res.obj).toEqual({ showPhone: true, shareLocation: true, allowAssistant: false });
    const user = (await t.call(u.sessionId, { url: '/car/v1/api/user/getUser.json' })).json().obj;
    expect(user.privacy).toEqual({ showPhone: true, shareLocation: true, allowAssistant: false });
  });
});
