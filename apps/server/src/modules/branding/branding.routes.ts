import type { FastifyInstance } from 'fastify';
import { brandingEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { auditChange } from '../../http/auditHook.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { BrandingService, brandingOf, presentBrandingEntry } from './branding.service.ts';

/** Branding per host name (spec §2, §4): a host row, else the default (still flag 1); 系统管理 › 品牌设置 edits the rows. */
export const brandingRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const branding = new BrandingService(ctx.db);

  route(app, brandingEndpoints.info, async ({ url }, request) => brandingOf(ctx.db, url ?? request.hostname ?? ''));

  route(app, brandingEndpoints.list, async (_input, request) => (await branding.entries(caller(request))).map(presentBrandingEntry));
  route(app, brandingEndpoints.save, async (input, request) => {
    const { host, before, after } = await branding.save(caller(request), input);
    auditChange(request, { objectType: '品牌设置', objectId: host, before, after });
    return { host };
  });
  route(app, brandingEndpoints.remove, async (input, request) => {
    const { host, before } = await branding.remove(caller(request), input.host);
    auditChange(request, { objectType: '品牌设置', objectId: host, before, after: null });
    return { host };
  });
  route(app, brandingEndpoints.uploadIcon, async ({ data }, request) => branding.uploadIcon(caller(request), data));

  route(app, brandingEndpoints.icon, async ({ id }, _request, reply) => {
    const icon = await branding.icon(id);
    // An SVG opened on its own must not run anything, whatever slipped through the upload check.
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type(icon.contentType)
      .send(icon.bytes);
  });
};
