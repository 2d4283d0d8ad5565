import type { FastifyInstance } from 'fastify';
import { securityEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { SecurityService } from './security.service.ts';

/** The security centre (spec §2 /center/security, §7 user and userAuth calls). */
export const securityRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const security = new SecurityService(ctx);
  const e = securityEndpoints;

  route(app, e.sendSmsCode, async ({ phone, purpose }, request) => {
    caller(request);
    return ctx.sms.send(phone, purpose ?? 'bind');
  });
  route(app, e.bindPhone, async ({ phone, code }, request) => security.bindPhone(caller(request), phone, code));
  route(app, e.changePassword, async ({ oldPassword, newPassword }, request) =>
    security.changePassword(caller(request), request.auth!.sessionId, oldPassword, newPassword),
  );
  route(app, e.unbindWx, async (_input, request) => security.unbind(caller(request), 'wx'));
  route(app, e.updatePrivacy, async (patch, request) => security.updatePrivacy(caller(request), patch));
  route(app, e.updateTheme, async ({ theme }, request) => security.updateTheme(caller(request), theme));
  route(app, e.phoneAuth, async ({ phone, code }, request) => security.phoneAuth(caller(request), phone, code));
  route(app, e.authData, async (_input, request) => security.authData(caller(request)));
  route(app, e.unbind, async ({ type }, request) => security.unbind(caller(request), type));
};
