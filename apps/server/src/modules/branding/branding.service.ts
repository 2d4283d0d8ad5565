import type { BrandingInfo } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { brandingQueries } from './branding.queries.ts';

export const DEFAULT_BRANDING: BrandingInfo = {
  iconUrl: '/favicon.svg',
  description: '车联 — 车辆与资产定位管理平台：实时监控、轨迹回放、报警处理、指令下发与数据报表',
  keyword: '车联网,GPS定位,车辆监控,轨迹回放,电子围栏,电动车防盗',
  title: '车联智能管理平台',
  legacyLogin: false,
};

/** 'Demo.Example.com:8080/' → 'demo.example.com' */
export function normalizeHost(url: string): string {
  return url.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '');
}

/** The host's row, its empty fields from the default; an unknown host gets the default. */
export async function brandingOf(db: Db, url: string): Promise<BrandingInfo> {
  const host = normalizeHost(url);
  const row = host ? await brandingQueries.byHost(db, host) : undefined;
  if (!row) return DEFAULT_BRANDING;
  return {
    iconUrl: row.icon_url || DEFAULT_BRANDING.iconUrl,
    description: row.description || DEFAULT_BRANDING.description,
    keyword: row.keyword || DEFAULT_BRANDING.keyword,
    title: row.title || DEFAULT_BRANDING.title,
    legacyLogin: row.legacy_login,
  };
}
