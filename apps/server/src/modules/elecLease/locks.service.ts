import { ELEC_LEASE_ERRORS, LEASE_LOCK_TRIGGERS } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { bikesQueries } from '../elecCar/bikes.queries.ts';
import { controlBike } from '../elecCar/control.service.ts';
import type { ContractRow } from './contracts.queries.ts';
import { locksQueries } from './locks.queries.ts';

export type LockTrigger = keyof typeof LEASE_LOCK_TRIGGERS;

/** Who locks: an operator, or the platform itself (the overdue job, the area and tamper watch). */
export interface LockActor {
  user: SessionUser;
  /** false when the platform acts on its own: the log shows 系统 and no user */
  person: boolean;
}

export const personActor = (user: SessionUser): LockActor => ({ user, person: true });

/**
 * The platform acting on a contract's bike. 电单车卫士's power orders and the command queue record a
 * sender: the contract's creator (or the account's first user) stands in for it, under the name
 * 系统（电单车租赁）, and the scope is the contract's account.
 */
export async function systemActor(db: Db, c: ContractRow): Promise<LockActor | null> {
  const u = await locksQueries.systemSender(db, c.created_by, c.account_id);
  if (!u) return null;
  return {
    person: false,
    user: {
      userId: Number(u.id),
      username: '系统（电单车租赁）',
      accountId: c.account_id,
      accountPath: c.account_path,
      roleId: 0,
      isPlatformAdmin: false,
      permissions: new Set(),
    },
  };
}

/**
 * Locks a contract's bike through 电单车卫士's safe power cut: the cut goes down only while the bike
 * stands or rides under 20 km/h, else it waits (and the overdue job renews it when it lapses).
 * Every lock is logged with who and why; of several processes only the one that set the lock acts.
 */
export async function lockContract(
  db: Db,
  bus: Bus,
  actor: LockActor,
  c: ContractRow,
  trigger: LockTrigger,
  reason: string,
): Promise<number | null> {
  if (!(await locksQueries.claim(db, c.id, trigger))) {
    if (actor.person)
      throw new AppError(ELEC_LEASE_ERRORS.alreadyLocked, {
        params: { reason: LEASE_LOCK_TRIGGERS[c.lock_reason as LockTrigger] ?? c.lock_reason },
      });
    return null;
  }
  return powerAndLog(db, bus, actor, c, 'lock', trigger, reason);
}

/** Unlocks (restores power; a cut still waiting is cancelled by 电单车卫士). */
export async function unlockContract(
  db: Db,
  bus: Bus,
  actor: LockActor,
  c: ContractRow,
  trigger: LockTrigger,
  reason: string,
): Promise<number | null> {
  if (!(await locksQueries.claim(db, c.id, ''))) {
    if (actor.person) throw new AppError(ELEC_LEASE_ERRORS.notLocked);
    return null;
  }
  return powerAndLog(db, bus, actor, c, 'unlock', trigger, reason);
}

/** Sends the lock again for a locked contract whose cut lapsed (the job's sweep); `lastId` is the lapsed lock's row. */
export async function relock(db: Db, bus: Bus, c: ContractRow, lastId: number): Promise<number | null> {
  const actor = await systemActor(db, c);
  if (!actor || !(await locksQueries.claimRenewal(db, lastId))) return null;
  return powerAndLog(db, bus, actor, c, 'lock', c.lock_reason as LockTrigger, '上次锁车未执行，重新下发');
}

async function powerAndLog(
  db: Db,
  bus: Bus,
  actor: LockActor,
  c: ContractRow,
  action: 'lock' | 'unlock',
  trigger: LockTrigger,
  reason: string,
): Promise<number> {
  const lockId = await locksQueries.insert(db, {
    accountId: c.account_id,
    contractId: c.id,
    vehicleId: c.vehicle_id,
    action,
    trigger,
    reason,
    userId: actor.person ? actor.user.userId : null,
    userName: actor.person ? actor.user.username : '系统',
  });
  const [bike] = await bikesQueries.byIds(db, [c.vehicle_id]);
  let orderId: number | null = null;
  let answer: string;
  try {
    if (!bike || bike.terminal_pk === null) throw new AppError(ELEC_LEASE_ERRORS.noTerminal, { params: { code: c.vehicle_code } });
    const sent = await controlBike(db, bus, actor.user, bike, action === 'lock' ? 'cut' : 'restore');
    orderId = sent.orderId;
    answer = sent.message;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    answer = `未能下发：${err.message}`;
  }
  await locksQueries.outcome(db, lockId, orderId, answer);
  return lockId;
}
