/**
 * Demo data, created on a `--demo` start and safe to create again: the 演示车队 account under
 * the platform, a role with every car, report, centre, 电单车卫士, 智能工牌 and 宠物卫士 menu, the
 * `demo` user, the vehicle groups and the demo fleet's vehicles (and e-bikes) with their
 * terminals, and the crew and pets of demoWearers.ts. Whatever exists is kept as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { adminQueries } from '../modules/accounts/admin.queries.ts';
import { hashPassword, isStrongPassword } from '../modules/auth/password.ts';
import type { SessionUser } from '../core/sessionUser.ts';
import { groupsQueries } from '../modules/terminals/groups.queries.ts';
import { createVehicle } from '../modules/terminals/vehicles.service.ts';
import { vehiclesQueries } from '../modules/terminals/vehicles.queries.ts';
import { bikesQueries } from '../modules/elecCar/bikes.queries.ts';
import { demoQueries } from './demo.queries.ts';
import { DEMO_ACCOUNT_NAME, DEMO_EBIKE_PROFILE, DEMO_GROUP_NAMES, DEMO_ROLE_NAME, DEMO_USERNAME, type DemoVehicle } from './demoFleet.ts';
import type { DemoBadge, DemoPet } from './demoWearers.ts';
import { seedDemoCrew, seedDemoPets } from './demoWearers.seed.ts';

export interface DemoSeedResult {
  accountId: number;
  /** Set only on the start that created the user with a generated password. */
  generatedPassword?: string;
  /** Vehicles created on this start. */
  created: number;
  /** Staff (with their badges) and pets created on this start. */
  staffCreated: number;
  petsCreated: number;
}

/** A random password that passes the platform's own rule (letters and digits). */
function randomPassword(): string {
  for (;;) {
    const candidate = randomBytes(9).toString('base64url');
    if (isStrongPassword(candidate) && /^[A-Za-z0-9]+$/.test(candidate)) return candidate;
  }
}

export async function seedDemo(
  ctx: AppContext,
  fleet: readonly DemoVehicle[],
  opts: { password?: string; badges?: readonly DemoBadge[]; pets?: readonly DemoPet[] } = {},
): Promise<DemoSeedResult> {
  const { db, log } = ctx;
  const platform = await demoQueries.platformAccount(db);
  if (!platform) throw new Error('platform account missing: seedAll runs first');

  const account = (await demoQueries.childAccountByName(db, platform.id, DEMO_ACCOUNT_NAME)) ??
    (await db.tx(async (q) => {
      const id = await adminQueries.insertAccount(q, { parentId: platform.id, parentPath: platform.path, name: DEMO_ACCOUNT_NAME, kind: 'customer', contact: '演示', phone: '', expiresAt: null });
      return { id, path: `${platform.path}${id}/` };
    }));

  let role = await demoQueries.roleByName(db, account.id, DEMO_ROLE_NAME);
  if (!role) {
    const resourceIds = await demoQueries.operatorResourceIds(db);
    role = await db.tx(async (q) => {
      const id = await adminQueries.insertRole(q, account.id, DEMO_ROLE_NAME, '演示账号：车辆监控、报表、智能工牌与宠物卫士');
      await adminQueries.setRoleResources(q, id, resourceIds);
      return { id };
    });
  }

  let generatedPassword: string | undefined;
  const user = await demoQueries.userByName(db, DEMO_USERNAME);
  let userId = user?.id ?? 0;
  if (!user) {
    const password = opts.password ?? randomPassword();
    userId = await adminQueries.insertUser(db, { accountId: account.id, roleId: role.id, username: DEMO_USERNAME, name: '演示用户', phone: '', passwordHash: await hashPassword(password) });
    if (!opts.password) {
      generatedPassword = password;
      fs.mkdirSync(ctx.config.dataDir, { recursive: true });
      fs.writeFileSync(path.join(ctx.config.dataDir, 'demo-user.txt'), `用户名: ${DEMO_USERNAME}\n密码: ${password}\n演示账号，仅用于体验。\n`, { mode: 0o600 });
    }
  } else if (user.account_id !== account.id) {
    log.warn({ username: DEMO_USERNAME }, '用户名 demo 已被其他账户使用，演示用户未创建');
  }

  const groupIds = new Map((await groupsQueries.byNames(db, account.id, DEMO_GROUP_NAMES)).map((g) => [g.name, g.id]));
  for (const [sort, name] of DEMO_GROUP_NAMES.entries()) {
    if (!groupIds.has(name)) groupIds.set(name, await groupsQueries.insert(db, { accountId: account.id, parentId: null, name, sort }));
  }

  // Vehicles go through the same service an operator's "新增车辆" uses, as the demo account.
  const operator: SessionUser = {
    userId, username: DEMO_USERNAME, accountId: account.id, accountPath: account.path, roleId: role.id, isPlatformAdmin: false, permissions: new Set(),
  };
  const taken = new Set(await vehiclesQueries.takenPlates(db, fleet.map((v) => v.plate)));
  let created = 0;
  for (const v of fleet) {
    if (taken.has(v.plate)) continue;
    try {
      const ebike = v.spec.kind === 'ebike';
      const vehicleId = await createVehicle(db, ctx.bus, operator, {
        plate: v.plate, groupId: groupIds.get(v.group), driver: v.driver, driverPhone: v.driverPhone, ...(ebike ? { type: 'ebike' } : {}),
        terminal: { identifier: v.spec.id, protocol: v.spec.protocol, model: v.model, sim: v.sim },
      });
      // An e-bike is a vehicle of type ebike with its 电单车卫士 profile (as bindBike makes it).
      if (ebike) await bikesQueries.insertProfile(db, vehicleId, DEMO_EBIKE_PROFILE);
      created++;
    } catch (err) {
      // e.g. the terminal was given to another account meanwhile: leave that one out.
      log.warn({ plate: v.plate, terminal: v.spec.id, msg: (err as Error).message }, '演示车辆未创建');
    }
  }
  const staffCreated = opts.badges?.length ? await seedDemoCrew(ctx, operator, opts.badges) : 0;
  const petsCreated = opts.pets?.length ? await seedDemoPets(ctx, operator, opts.pets) : 0;
  // A role made before the crew and pets were part of the demo gains their menus with them.
  if (staffCreated + petsCreated > 0) await demoQueries.grantWearerResources(db, role.id);
  return { accountId: account.id, generatedPassword, created, staffCreated, petsCreated };
}
