/**
 * Demo data, created on a `--demo` start and safe to create again: the 演示车队 account under
 * the platform, a role with every demo part's menus, the `demo` user, then each feature's demo
 * part (modules/features.ts, the manifest's `demo`: the car fleet, the e-bikes, the 智能工牌 crew,
 * the pets) as that user. Whatever exists is kept as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import type { AppContext } from '../context.ts';
import type { SessionUser } from '../core/sessionUser.ts';
import { adminQueries } from '../modules/accounts/admin.queries.ts';
import { hashPassword, isStrongPassword } from '../modules/auth/password.ts';
import type { DemoPart, DemoPorts } from '../modules/feature.ts';
import { features } from '../modules/features.ts';
import { backfill } from '../modules/reports/rollup.service.ts';
import { DEMO_PAST_DAYS } from '../modules/terminals/demoWeek.ts';
import { demoQueries } from './demo.queries.ts';

export const DEMO_ACCOUNT_NAME = '演示车队';
export const DEMO_ROLE_NAME = '演示角色';
export const DEMO_USERNAME = 'demo';

export interface DemoSeedResult {
  accountId: number;
  /** Set only on the start that created the user with a generated password. */
  generatedPassword?: string;
  /** What each feature's part created on this start, by feature name. */
  created: Record<string, number>;
  /** Milliseconds each part's seed took on this start, by feature name, and the week's rollup (`rollup`). */
  took: Record<string, number>;
}

/** Every feature's demo part, in the list's order. */
export async function loadDemoParts(): Promise<Array<{ name: string; part: DemoPart }>> {
  const parts: Array<{ name: string; part: DemoPart }> = [];
  for (const f of features) if (f.demo) parts.push({ name: f.name, part: await f.demo() });
  return parts;
}

/** A part runs only when the gateway serves every protocol its terminals speak. */
export const runsOn = (part: DemoPart, ports: DemoPorts) => part.protocols.every((p) => ports[p] !== undefined);

/** A random password that passes the platform's own rule (letters and digits). */
function randomPassword(): string {
  for (;;) {
    const candidate = randomBytes(9).toString('base64url');
    if (isStrongPassword(candidate) && /^[A-Za-z0-9]+$/.test(candidate)) return candidate;
  }
}

export async function seedDemo(ctx: AppContext, ports: DemoPorts, opts: { password?: string } = {}): Promise<DemoSeedResult> {
  const { db, log } = ctx;
  const parts = await loadDemoParts();
  const platform = await demoQueries.platformAccount(db);
  if (!platform) throw new Error('platform account missing: seedAll runs first');

  const account =
    (await demoQueries.childAccountByName(db, platform.id, DEMO_ACCOUNT_NAME)) ??
    (await db.tx(async (q) => {
      const id = await adminQueries.insertAccount(q, {
        parentId: platform.id,
        parentPath: platform.path,
        name: DEMO_ACCOUNT_NAME,
        kind: 'customer',
        contact: '演示',
        phone: '',
        expiresAt: null,
      });
      return { id, path: `${platform.path}${id}/` };
    }));

  let role = await demoQueries.roleByName(db, account.id, DEMO_ROLE_NAME);
  if (!role) {
    const resourceIds = await demoQueries.operatorResourceIds(
      db,
      parts.flatMap(({ part }) => part.menus),
    );
    role = await db.tx(async (q) => {
      const id = await adminQueries.insertRole(
        q,
        account.id,
        DEMO_ROLE_NAME,
        '演示账号：车辆监控、报表、电单车、新国标、租赁、智能工牌与宠物卫士',
      );
      await adminQueries.setRoleResources(q, id, resourceIds);
      return { id };
    });
  }

  let generatedPassword: string | undefined;
  const user = await demoQueries.userByName(db, DEMO_USERNAME);
  let userId = user?.id ?? 0;
  if (!user) {
    const password = opts.password ?? randomPassword();
    userId = await adminQueries.insertUser(db, {
      accountId: account.id,
      roleId: role.id,
      username: DEMO_USERNAME,
      name: '演示用户',
      phone: '',
      passwordHash: await hashPassword(password),
    });
    if (!opts.password) {
      generatedPassword = password;
      fs.mkdirSync(ctx.config.dataDir, { recursive: true });
      fs.writeFileSync(
        path.join(ctx.config.dataDir, 'demo-user.txt'),
        `用户名: ${DEMO_USERNAME}\n密码: ${password}\n演示账号，仅用于体验。\n`,
        { mode: 0o600 },
      );
    }
  } else if (user.account_id !== account.id) {
    log.warn({ username: DEMO_USERNAME }, '用户名 demo 已被其他账户使用，演示用户未创建');
  }

  // Each part creates its data as the demo account's operator, through the services the pages use.
  const operator: SessionUser = {
    userId,
    username: DEMO_USERNAME,
    accountId: account.id,
    accountPath: account.path,
    roleId: role.id,
    isPlatformAdmin: false,
    permissions: new Set(),
  };
  const created: Record<string, number> = {};
  const took: Record<string, number> = {};
  const seedStarted = new Date();
  for (const { name, part } of parts) {
    if (!runsOn(part, ports)) continue;
    const started = Date.now();
    created[name] = await part.seed(ctx, operator);
    took[name] = Date.now() - started;
    // A role made before the part was in the demo gains its menus with its data.
    if (created[name] > 0) await demoQueries.grantResources(db, role.id, part.menus);
  }
  // The parts wrote their past week straight to the positions: the reports and the data centre
  // count it now (as a backfill after an import), not only once the rollup worker comes round.
  if (Object.values(created).some((n) => n > 0)) {
    await demoQueries.pastAlarmsArrivedLive(db, account.id, seedStarted);
    const today = beijingDayOf(Date.now());
    const started = Date.now();
    await backfill(db, addDays(today, -DEMO_PAST_DAYS), today);
    took.rollup = Date.now() - started;
  }
  return { accountId: account.id, generatedPassword, created, took };
}
