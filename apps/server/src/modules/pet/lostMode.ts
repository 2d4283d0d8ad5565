/**
 * Lost mode and find (docs/pet.md): lost mode sends the collar `setInterval` 15 s (watch `UPLOAD,15`)
 * through the command pipeline and records until when; the pet job, once that time has passed,
 * claims the pet (compare-and-set: once however many jobs processes run) and sends the normal
 * interval back. Switching it off sends the normal interval at once. Find sends `find` (`FIND`).
 */
import { PET_ERRORS, PET_LOST_INTERVAL_SECONDS, PET_LOST_MINUTES, PET_NORMAL_INTERVAL_SECONDS, type PetControlAnswer } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { sendCommands } from '../commands/commands.service.ts';
import { terminalsQueries } from '../terminals/terminals.queries.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';
import type { AppContext } from '../../context.ts';
import { petsQueries, type PetRow } from './pets.queries.ts';

const COMMAND_EXPIRE_MINUTES = 10;

async function send(db: Db, bus: Bus, user: SessionUser, terminalPk: number, type: 'setInterval' | 'find', seconds?: number): Promise<number | null> {
  const rows = await terminalsQueries.visibleByIds(db, terminalScope(user), [terminalPk]);
  if (!rows.length) return null;
  const sent = await sendCommands(db, bus, user, rows, type, type === 'setInterval' ? { seconds } : {}, COMMAND_EXPIRE_MINUTES);
  return sent.list[0]?.commandId ?? null;
}

export async function switchLostMode(db: Db, bus: Bus, user: SessionUser, pet: PetRow, on: boolean, minutes: number = PET_LOST_MINUTES.default): Promise<PetControlAnswer> {
  if (pet.terminal_pk === null) throw new AppError(PET_ERRORS.noCollar);
  if (on && (!Number.isInteger(minutes) || minutes < PET_LOST_MINUTES.min || minutes > PET_LOST_MINUTES.max)) {
    throw new AppError(PET_ERRORS.lostMinutes, { params: { min: PET_LOST_MINUTES.min, max: PET_LOST_MINUTES.max } });
  }
  const until = on ? new Date(Date.now() + minutes * 60_000) : null;
  await petsQueries.setLost(db, Number(pet.id), until);
  const commandId = await send(db, bus, user, Number(pet.terminal_pk), 'setInterval', on ? PET_LOST_INTERVAL_SECONDS : PET_NORMAL_INTERVAL_SECONDS);
  return {
    message: on ? `寻宠模式已开启：项圈每${PET_LOST_INTERVAL_SECONDS}秒上报一次，${minutes}分钟后自动恢复` : `寻宠模式已关闭：项圈恢复每${PET_NORMAL_INTERVAL_SECONDS / 60}分钟上报`,
    lostUntil: until?.getTime() ?? null,
    commandId,
  };
}

export async function ringCollar(db: Db, bus: Bus, user: SessionUser, pet: PetRow): Promise<PetControlAnswer> {
  if (pet.terminal_pk === null) throw new AppError(PET_ERRORS.noCollar);
  const commandId = await send(db, bus, user, Number(pet.terminal_pk), 'find');
  return { message: '已下发响铃指令，项圈将响铃约1分钟', lostUntil: null, commandId };
}

/** One pass: lost modes that ran out go back to the normal interval, sent as the pet's creator (or its account's first user). */
export async function restoreExpiredLostModes(db: Db, bus: Bus, now = new Date()): Promise<number> {
  const expired = await petsQueries.claimExpiredLost(db, now);
  for (const p of expired) {
    if (p.terminal_pk === null) continue;
    const [u] = await db.query<{ id: number; path: string }>(
      `SELECT u.id, a.path FROM pets p JOIN accounts a ON a.id = p.account_id JOIN users u ON u.id = p.created_by OR (p.created_by IS NULL AND u.account_id = p.account_id)
        WHERE p.id = $1 ORDER BY u.id LIMIT 1`,
      [p.id],
    );
    if (!u) continue;
    const actor: SessionUser = { userId: Number(u.id), username: '系统（宠物卫士）', accountId: Number(p.account_id), accountPath: u.path, roleId: 0, isPlatformAdmin: false, permissions: new Set() };
    await send(db, bus, actor, Number(p.terminal_pk), 'setInterval', PET_NORMAL_INTERVAL_SECONDS);
  }
  return expired.length;
}

export const PET_JOB_INTERVAL_MS = 30_000;
export function startPetJob(ctx: Pick<AppContext, 'db' | 'bus' | 'log'>, intervalMs = PET_JOB_INTERVAL_MS): () => Promise<void> {
  return repeatEvery(intervalMs, async () => void (await restoreExpiredLostModes(ctx.db, ctx.bus)), (err) => ctx.log.error({ err }, '宠物卫士定时任务失败'));
}
