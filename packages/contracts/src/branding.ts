/** Branding per host name (spec §2, §3, §4): icon, description, keywords, title, and which login screen. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';

const BrandingSchema = Type.Object({
  iconUrl: Type.String(),
  description: Type.String(),
  keyword: Type.String(),
  title: Type.Optional(Type.String()),
  /** this host gets the older login screen */
  legacyLogin: Type.Boolean(),
});
export type BrandingInfo = Static<typeof BrandingSchema>;

export const brandingEndpoints = {
  /** url: the host (a full address is accepted); without it the request's own host. Unknown hosts get the default. */
  info: endpoint({
    method: 'GET', path: '/car/v1/api/custom/queryCustomInfo.json', tag: '品牌', summary: '查询品牌信息', access: 'public',
    input: Type.Object({ url: Type.Optional(Type.String({ maxLength: 255 })) }), answer: BrandingSchema,
  }),
};
