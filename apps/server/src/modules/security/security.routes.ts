import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { THEME_NAMES } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { PrivacySchema } from '../accounts/accounts.schemas.ts';
import { securityQueries } from './security.queries.ts';
import { SecurityService } from './security.service.ts';

const Phone = Type.String({ maxLength: 20 });
const Code = Type.String({ maxLength: 10 });
const Cipher = Type.String({ maxLength: 1024 });

const SendSmsBody = Type.Object({
  phone: Phone,
  purpose: Type.Optional(Type.Union([Type.Literal('bind'), Type.Literal('verify'), Type.Literal('password'), Type.Literal('auth')], { default: 'bind' })),
});
const PhoneCodeBody = Type.Object({ phone: Phone, code: Code });
const PasswordBody = Type.Object({ oldPassword: Cipher, newPassword: Cipher });
const PrivacyBody = Type.Object({
  showPhone: Type.Optional(Type.Boolean()),
  shareLocation: Type.Optional(Type.Boolean()),
  allowAssistant: Type.Optional(Type.Boolean()),
});
const UnbindBody = Type.Object({ type: Type.Union([Type.Literal('phone'), Type.Literal('wx')]) });
const ThemeBody = Type.Object({ theme: Type.Union(THEME_NAMES.map((t) => Type.Literal(t))) });

const AuthDataSchema = Type.Object({
  phone: Type.String(),
  phoneBound: Type.Boolean(),
  wxBound: Type.Boolean(),
  wxNickname: Type.String(),
  lastLoginAt: Type.Union([Type.Number(), Type.Null()]),
  lastLoginIp: Type.String(),
  activeSessions: Type.Integer(),
});

/** The security centre (spec §2 /center/security, §7 user and userAuth calls). */
export const securityRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const security = new SecurityService(ctx);
  const user = '/car/v1/api/user';
  const auth = '/car/v1/api/userAuth';

  app.post(`${user}/sendSmsCode.json`, { schema: { body: SendSmsBody, response: { 200: Type.Object({ expiresInSeconds: Type.Integer() }) } } }, async (request) => {
    const body = request.body as Static<typeof SendSmsBody>;
    caller(request);
    return ctx.sms.send(body.phone, body.purpose ?? 'bind');
  });

  app.post(`${user}/phoneCodeVerify.json`, { schema: { body: PhoneCodeBody, response: { 200: Type.Object({ phone: Type.String() }) } } }, async (request) => {
    const body = request.body as Static<typeof PhoneCodeBody>;
    return security.bindPhone(caller(request), body.phone, body.code);
  });

  app.post(`${user}/updateUserPassword.json`, { schema: { body: PasswordBody, response: { 200: Type.Object({ endedSessions: Type.Integer() }) } } }, async (request) => {
    const body = request.body as Static<typeof PasswordBody>;
    return security.changePassword(caller(request), request.auth!.sessionId, body.oldPassword, body.newPassword);
  });

  app.post(`${user}/unbindWxRelation.json`, { schema: { response: { 200: AuthDataSchema } } }, async (request) => security.unbind(caller(request), 'wx'));

  app.post(`${user}/updatePrivacy.json`, { schema: { body: PrivacyBody, response: { 200: PrivacySchema } } }, async (request) =>
    security.updatePrivacy(caller(request), request.body as Static<typeof PrivacyBody>),
  );

  app.post(`${user}/updateTheme.json`, { schema: { body: ThemeBody, response: { 200: ThemeBody } } }, async (request) => {
    const { theme } = request.body as Static<typeof ThemeBody>;
    await securityQueries.setTheme(ctx.db, caller(request).userId, theme);
    return { theme };
  });

  app.post(`${auth}/phoneAuth.json`, { schema: { body: PhoneCodeBody, response: { 200: Type.Object({ authorized: Type.Boolean() }) } } }, async (request) => {
    const body = request.body as Static<typeof PhoneCodeBody>;
    return security.phoneAuth(caller(request), body.phone, body.code);
  });

  app.get(`${auth}/doGetAuthData.json`, { schema: { response: { 200: AuthDataSchema } } }, async (request) => security.authData(caller(request)));

  app.post(`${auth}/delBangDing.json`, { schema: { body: UnbindBody, response: { 200: AuthDataSchema } } }, async (request) =>
    security.unbind(caller(request), (request.body as Static<typeof UnbindBody>).type),
  );
};
