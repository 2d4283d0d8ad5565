import { accountInScope } from '../../core/accountScope.ts';
import type { Queryable } from '../../db/types.ts';

export interface BrandingRow {
  icon_url: string;
  description: string;
  keyword: string;
  title: string;
  legacy_login: boolean;
}

export interface BrandingEntryRow extends BrandingRow {
  host: string;
  account_id: number | null;
  account_name: string | null;
  account_path: string | null;
  updated_at: Date;
}

const ENTRY = `SELECT b.host, b.icon_url, b.description, b.keyword, b.title, b.legacy_login, b.account_id, b.updated_at,
                      a.name AS account_name, a.path AS account_path
                 FROM branding b LEFT JOIN accounts a ON a.id = b.account_id`;

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

  /** Every host (scope null: a platform administrator), or the hosts owned inside the scope's subtree. */
  entries: (q: Queryable, scope: string | null) =>
    q.query<BrandingEntryRow>(`${ENTRY} WHERE $1::text IS NULL OR ${accountInScope('a.path', 1)} ORDER BY b.host`, [scope]),

  entry: async (q: Queryable, host: string) => (await q.query<BrandingEntryRow>(`${ENTRY} WHERE b.host = $1`, [host]))[0],

  upsert: (
    q: Queryable,
    b: {
      host: string;
      accountId: number | null;
      title: string;
      iconUrl: string;
      description: string;
      keyword: string;
      legacyLogin: boolean;
    },
  ) =>
    q.query(
      `INSERT INTO branding (host, account_id, title, icon_url, description, keyword, legacy_login) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (host) DO UPDATE SET account_id = $2, title = $3, icon_url = $4, description = $5, keyword = $6, legacy_login = $7, updated_at = now()`,
      [b.host, b.accountId, b.title, b.iconUrl, b.description, b.keyword, b.legacyLogin],
    ),

  remove: (q: Queryable, host: string) => q.query('DELETE FROM branding WHERE host = $1', [host]),

  insertIcon: async (q: Queryable, accountId: number, contentType: string, bytes: Buffer) =>
    (
      await q.query<{ id: number }>('INSERT INTO brand_icons (account_id, content_type, bytes) VALUES ($1, $2, $3) RETURNING id', [
        accountId,
        contentType,
        bytes,
      ])
    )[0]!.id,

  icon: async (q: Queryable, id: number) =>
    (
      await q.query<{ content_type: string; bytes: Uint8Array; account_path: string }>(
        'SELECT i.content_type, i.bytes, a.path AS account_path FROM brand_icons i JOIN accounts a ON a.id = i.account_id WHERE i.id = $1',
        [id],
      )
    )[0],
};
