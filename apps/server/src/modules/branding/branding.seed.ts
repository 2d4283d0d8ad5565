import type { Db } from '../../db/types.ts';
import { brandingQueries } from './branding.queries.ts';
import { DEFAULT_BRANDING } from './branding.service.ts';

/** The host this legacy login screen has always been served on (a branding row marks it). */
export const LEGACY_LOGIN_HOST = 'legacy.localhost';

export async function seedBranding(db: Db) {
  await brandingQueries.insertLegacyHost(db, { ...DEFAULT_BRANDING, host: LEGACY_LOGIN_HOST, title: '车联管理平台（经典版）' });
}
