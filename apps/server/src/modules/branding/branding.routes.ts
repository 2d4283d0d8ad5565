import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { BrandingInfo } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';

export const DEFAULT_BRANDING: BrandingInfo = {
  iconUrl: '/favicon.svg',
  description: '车联 — 车辆与资产定位管理平台：实时监控、轨迹回放、报警处理、指令下发与数据报表',
  keyword: '车联网,GPS定位,车辆监控,轨迹回放,电子围栏,电动车防盗',
  title: '车联智能管理平台',
  legacyLogin: false,
};

/** The host this legacy login screen has always been served on (a branding row marks it). */
export const LEGACY_LOGIN_HOST = 'legacy.localhost';

const Query = Type.Object({ url: Type.Optional(Type.String({ maxLength: 255 })) });
const BrandingSchema = Type.Object({
  iconUrl: Type.String(),
  description: Type.String(),
  keyword: Type.String(),
  title: Type.Optional(Type.String()),
  legacyLogin: Type.Boolean(),
});

interface BrandingRow {
  icon_url: string;
  description: string;
  keyword: string;
  title: string;
  legacy_login: boolean;
}

/** 'Demo.Example.com:8080/' → 'demo.example.com' */
export function normalizeHost(url: string): string {
  return url.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '');
}

export async function seedBranding(ctx: Pick<AppContext, 'db'>) {
  await ctx.db.query(
    `INSERT INTO branding (host, icon_url, description, keyword, title, legacy_login) VALUES ($1, $2, $3, $4, $5, true)
     ON CONFLICT (host) DO NOTHING`,
    [LEGACY_LOGIN_HOST, DEFAULT_BRANDING.iconUrl, DEFAULT_BRANDING.description, DEFAULT_BRANDING.keyword, '车联管理平台（经典版）'],
  );
}

/** Branding per host name (spec §2, §4): a host row, else the default (still flag 1). */
export const brandingRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get('/car/v1/api/custom/queryCustomInfo.json', { config: { access: 'public' }, schema: { querystring: Query, response: { 200: BrandingSchema } } }, async (request) => {
    const host = normalizeHost((request.query as Static<typeof Query>).url ?? request.hostname ?? '');
    const row = host ? await ctx.db.one<BrandingRow>('SELECT icon_url, description, keyword, title, legacy_login FROM branding WHERE host = $1', [host]) : undefined;
    if (!row) return DEFAULT_BRANDING;
    return {
      iconUrl: row.icon_url || DEFAULT_BRANDING.iconUrl,
      description: row.description || DEFAULT_BRANDING.description,
      keyword: row.keyword || DEFAULT_BRANDING.keyword,
      title: row.title || DEFAULT_BRANDING.title,
      legacyLogin: row.legacy_login,
    };
  });
};
