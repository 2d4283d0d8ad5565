import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authEndpoints, tokenEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { resourceTree } from '../accounts/resources.service.ts';
import { authQueries } from './auth.queries.ts';
import { CAPTCHA_AFTER_FAILURES } from './login.service.ts';
import { PHONE_PATTERN } from './sms.service.ts';

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/** Login, captcha, SMS login and logout — under both the /oauth and the token-flavoured /oauthToken paths. */
export const authRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const loginConfig = async () => ({ publicKey: ctx.publicKey, smsLoginEnabled: true, captchaAfterFailures: CAPTCHA_AFTER_FAILURES });
  for (const e of [authEndpoints.config, authEndpoints.loginPage, tokenEndpoints.config, tokenEndpoints.loginPage])
    route(app, e, loginConfig);

  for (const e of [authEndpoints.login, tokenEndpoints.login])
    route(app, e, async (form, request) => ctx.login.login(form, clientOf(request)));

  route(app, authEndpoints.captcha, async () => ctx.captchas.issue());

  route(app, authEndpoints.captchaImage, async ({ codeKey }, _request, reply) => {
    const svg = await ctx.captchas.draw(codeKey);
    return reply.header('cache-control', 'no-store').type('image/svg+xml; charset=utf-8').send(svg);
  });

  for (const e of [authEndpoints.sendLoginSms, authEndpoints.userAuthSendLoginSms]) {
    route(app, e, async ({ phone }) => {
      // Codes go out only to phones a user has bound; the answer is the same either way.
      const bound = PHONE_PATTERN.test(phone) ? await authQueries.userByPhone(ctx.db, phone) : undefined;
      return ctx.sms.send(phone, 'login', !!bound);
    });
  }

  route(app, authEndpoints.logout, async (_input, request) => {
    if (request.auth) await ctx.sessions.end(request.auth.sessionId);
    return null;
  });

  route(app, tokenEndpoints.resources, async (_input, request) => resourceTree(ctx.db, caller(request)));
};
