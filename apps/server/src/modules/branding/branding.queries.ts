import type { Queryable } from '../../db/types.ts';

export interface BrandingRow {
  icon_url: string;
  description: string;
  keyword: string;
  title: string;
  legacy_login: boolean;
}

export const brandingQueries = {
  byHost: async (q: Queryable, host: string) =>
    (await q.query<BrandingRow>('SELECT icon_url, description, keyword, title, legacy_login FROM branding WHERE host = $1', [host]))[0],

  /** Leaves a host that is already there alone. */
  insertLegacyHost: (q: Queryable, b: { host: string; iconUrl: string; description: string; keyword: string; title: string }) =>
    q.query(
      `INSERT INTO branding (host, icon_url, description, keyword, title, legacy_login) VALUES ($1, $2, $3, $4, $5, true)
       ON CONFLICT (host) DO NOTHING`,
      [b.host, b.iconUrl, b.description, b.keyword, b.title],
    ),
};
