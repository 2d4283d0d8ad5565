import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { authQueries } from './auth.queries.ts';
import { resourceTree } from '../accounts/resources.service.ts';
import { ResourceNodeSchema } from '../accounts/accounts.schemas.ts';
import { CAPTCHA_AFTER_FAILURES } from './login.service.ts';
import { PHONE_PATTERN } from './sms.service.ts';

const LoginBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  code: Type.Optional(Type.String({ maxLength: 16 })),
  codeKey: Type.Optional(Type.String({ maxLength: 64 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  smsCode: Type.Optional(Type.String({ maxLength: 10 })),
});

const LoginResult = Type.Object({ sessionId: Type.String(), userId: Type.Integer() });
const ConfigResult = Type.Object({ publicKey: Type.String(), smsLoginEnabled: Type.Boolean(), captchaAfterFailures: Type.Integer() });
const CaptchaResult = Type.Object({ codeKey: Type.String(), image: Type.String(), expiresInSeconds: Type.Integer() });
const PhoneBody = Type.Object({ phone: Type.String({ maxLength: 20 }) });
const SmsResult = Type.Object({ expiresInSeconds: Type.Integer() });

const PUBLIC = { access: 'public' as const };

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/** Login, captcha, SMS login and logout — under both the /oauth and the token-flavoured /oauthToken paths. */
export const authRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const loginConfig = () => ({ publicKey: ctx.publicKey, smsLoginEnabled: true, captchaAfterFailures: CAPTCHA_AFTER_FAILURES });

  for (const prefix of ['/oauth', '/oauthToken']) {
    app.get(`${prefix}/getConfig`, { config: PUBLIC, schema: { response: { 200: ConfigResult } } }, async () => loginConfig());
    app.get(`${prefix}/loginPage`, { config: PUBLIC, schema: { response: { 200: ConfigResult } } }, async () => loginConfig());
    app.post(`${prefix}/v4/token`, { config: PUBLIC, schema: { body: LoginBody, response: { 200: LoginResult } } }, async (request) =>
      ctx.login.login(request.body as Static<typeof LoginBody>, clientOf(request)),
    );
  }

  app.get('/oauth/getCode', { config: PUBLIC, schema: { response: { 200: CaptchaResult } } }, async () => ctx.captchas.issue());

  const sendLoginSms = async (request: FastifyRequest) => {
    const { phone } = request.body as Static<typeof PhoneBody>;
    // Codes go out only to phones a user has bound; the answer is the same either way.
    const bound = PHONE_PATTERN.test(phone) ? await authQueries.userByPhone(ctx.db, phone) : undefined;
    return ctx.sms.send(phone, 'login', !!bound);
  };
  app.post('/oauth/sendLoginSms', { config: PUBLIC, schema: { body: PhoneBody, response: { 200: SmsResult } } }, sendLoginSms);
  app.post('/car/v1/api/userAuth/sendLoginSms.json', { config: PUBLIC, schema: { body: PhoneBody, response: { 200: SmsResult } } }, sendLoginSms);

  app.get('/oauth/logout', { config: PUBLIC, schema: { response: { 200: Type.Null() } } }, async (request) => {
    if (request.auth) await ctx.sessions.end(request.auth.sessionId);
    return null;
  });

  // Token flavour of the resource list: the same tree the shell's newList gives.
  app.get('/oauthToken/listResource', { schema: { response: { 200: Type.Array(ResourceNodeSchema) } } }, async (request) =>
    resourceTree(ctx.db, caller(request)),
  );
};
