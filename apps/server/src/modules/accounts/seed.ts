import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/types.ts';
import { hashPassword } from '../auth/password.ts';
import { PLATFORM_ACCOUNT_KIND, RESOURCES } from '@chelian/contracts';

export const PLATFORM_ACCOUNT_NAME = '平台';
export const ADMIN_ROLE_NAME = '平台管理员';

/** Upserts the catalogue so ids, names and paths follow the code; removed entries disappear. */
export async function seedResources(db: Db) {
  await db.tx(async (q) => {
    // One statement for the catalogue; entries already as in the code are not rewritten.
    await q.query(
      `INSERT INTO resources (id, parent_id, name, type, code, path, icon, platform_id, sort)
       SELECT id, parent_id, name, type, code, path, icon, platform_id, sort FROM json_to_recordset($1::json)
         AS x(id integer, parent_id integer, name text, type integer, code text, path text, icon text, platform_id integer, sort integer)
       ON CONFLICT (id) DO UPDATE SET parent_id = EXCLUDED.parent_id, name = EXCLUDED.name, type = EXCLUDED.type,
         code = EXCLUDED.code, path = EXCLUDED.path, icon = EXCLUDED.icon, platform_id = EXCLUDED.platform_id, sort = EXCLUDED.sort
       WHERE (resources.parent_id, resources.name, resources.type, resources.code, resources.path, resources.icon, resources.platform_id, resources.sort)
         IS DISTINCT FROM (EXCLUDED.parent_id, EXCLUDED.name, EXCLUDED.type, EXCLUDED.code, EXCLUDED.path, EXCLUDED.icon, EXCLUDED.platform_id, EXCLUDED.sort)`,
      [
        JSON.stringify(
          RESOURCES.map((r) => ({
            id: r.id,
            parent_id: r.parentId,
            name: r.name,
            type: r.type,
            code: r.code,
            path: r.path,
            icon: r.icon,
            platform_id: r.platformId,
            sort: r.sort,
          })),
        ),
      ],
    );
    await q.query('DELETE FROM resources WHERE NOT (id = ANY($1::int[]))', [RESOURCES.map((r) => r.id)]);
    // Administrator roles always hold the whole catalogue, new entries included.
    await q.query(
      `INSERT INTO role_resources (role_id, resource_id)
       SELECT ro.id, re.id FROM roles ro CROSS JOIN resources re WHERE ro.is_admin ON CONFLICT DO NOTHING`,
    );
  });
}

export interface AdminSeedResult {
  created: boolean;
  /** Set only when a random password was generated on this start. */
  generatedPassword?: string;
}

/**
 * First start: the platform account, its administrator role and the `admin` user. The password
 * comes from CHELIAN_ADMIN_PASSWORD or is generated, printed once and written to DATA_DIR.
 */
export async function seedPlatformAdmin(db: Db, opts: { adminPassword?: string; dataDir: string }): Promise<AdminSeedResult> {
  const existing = await db.one('SELECT id FROM users WHERE username = $1', ['admin']);
  if (existing) return { created: false };
  const password = opts.adminPassword ?? randomBytes(9).toString('base64url');
  const hash = await hashPassword(password);
  await db.tx(async (q) => {
    let account = (await q.query<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))[0];
    if (!account) {
      account = (
        await q.query<{ id: number }>(`INSERT INTO accounts (name, kind) VALUES ($1, '${PLATFORM_ACCOUNT_KIND}') RETURNING id`, [
          PLATFORM_ACCOUNT_NAME,
        ])
      )[0];
      await q.query(`UPDATE accounts SET path = '/' || id || '/' WHERE id = $1`, [account.id]);
    }
    const role = (
      await q.query<{ id: number }>(
        `INSERT INTO roles (account_id, name, description, is_admin) VALUES ($1, $2, '拥有平台全部菜单与按钮权限', true) RETURNING id`,
        [account.id, ADMIN_ROLE_NAME],
      )
    )[0];
    await q.query('INSERT INTO role_resources (role_id, resource_id) SELECT $1, id FROM resources ON CONFLICT DO NOTHING', [role.id]);
    await q.query(
      `INSERT INTO users (account_id, role_id, username, name, password_hash, is_platform_admin) VALUES ($1, $2, 'admin', '平台管理员', $3, true)`,
      [account.id, role.id, hash],
    );
  });
  if (opts.adminPassword) return { created: true };
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(path.join(opts.dataDir, 'initial-admin.txt'), `用户名: admin\n初始密码: ${password}\n请登录后立即修改密码。\n`, {
    mode: 0o600,
  });
  return { created: true, generatedPassword: password };
}
