/**
 * Lost mode, power save and find (docs/pet.md): lost mode sends the collar `setInterval` 15 s (watch
 * `UPLOAD,15`) through the command pipeline and records until when; the pet job, once that time has
 * passed, claims the pet (compare-and-set: once however many jobs processes run) and queues the
 * pet's normal interval in the same transaction, so a process dying between the two loses neither. Switching it off sends the normal interval at once. Power save sets that
 * normal interval (1, 5, 10 or 30 minutes) and sends it unless lost mode runs. Find sends `find` (`FIND`).
 */
import { PET_ERRORS, PET_LOST_INTERVAL_SECONDS, PET_LOST_MINUTES, PET_REPORT_CHOICES, type PetControlAnswer } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
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

async function send(
  db: Queryable,
  bus: Pick<Bus, 'publish'>,
  user: SessionUser,
  terminalPk: number,
  type: 'setInterval' | 'find',
  seconds?: number,
): Promise<number | null> {
  const rows = await terminalsQueries.visibleByIds(db, terminalScope(user), [terminalPk]);
  if (!rows.length) return null;
  const sent = await sendCommands(db, bus, user, rows, type, type === 'setInterval' ? { seconds } : {}, COMMAND_EXPIRE_MINUTES);
  return sent.list[0]?.commandId ?? null;
}

export async function switchLostMode(
  db: Db,
  bus: Bus,
  user: SessionUser,
  pet: PetRow,
  on: boolean,
  minutes: number = PET_LOST_MINUTES.default,
): Promise<PetControlAnswer> {
  if (pet.terminal_pk === null) throw new AppError(PET_ERRORS.noCollar);
  if (on && (!Number.isInteger(minutes) || minutes < PET_LOST_MINUTES.min || minutes > PET_LOST_MINUTES.max)) {
    throw new AppError(PET_ERRORS.lostMinutes, { params: { min: PET_LOST_MINUTES.min, max: PET_LOST_MINUTES.max } });
  }
  const until = on ? new Date(Date.now() + minutes * 60_000) : null;
  await petsQueries.setLost(db, Number(pet.id), until);
  const commandId = await send(db, bus, user, Number(pet.terminal_pk), 'setInterval', on ? PET_LOST_INTERVAL_SECONDS : pet.report_seconds);
  return {
    message: on
      ? `寻宠模式已开启：项圈每${PET_LOST_INTERVAL_SECONDS}秒上报一次，${minutes}分钟后自动恢复`
      : `寻宠模式已关闭：项圈恢复每${pet.report_seconds / 60}分钟上报`,
    lostUntil: until?.getTime() ?? null,
    commandId,
  };
}

/** Power save: the collar's normal interval, sent now unless lost mode runs (it falls back to it when it ends). */
export async function setReportInterval(db: Db, bus: Bus, user: SessionUser, pet: PetRow, seconds: number): Promise<PetControlAnswer> {
  const choice = PET_REPORT_CHOICES.find((c) => c.seconds === seconds);
  if (!choice) throw new AppError(PET_ERRORS.reportSeconds);
  await petsQueries.setReportSeconds(db, Number(pet.id), seconds);
  const lost = pet.lost_until !== null && pet.lost_until.getTime() > Date.now();
  const commandId = pet.terminal_pk === null || lost ? null : await send(db, bus, user, Number(pet.terminal_pk), 'setInterval', seconds);
  const every = `每${seconds / 60}分钟上报一次，续航${choice.life}`;
  return {
    message:
      pet.terminal_pk === null
        ? `已设置为${choice.name}（${every}），绑定项圈后生效`
        : lost
          ? `已设置为${choice.name}（${every}），寻宠模式结束后生效`
          : `已设置为${choice.name}：项圈${every}`,
    lostUntil: lost ? pet.lost_until!.getTime() : null,
    commandId,
  };
}

export async function ringCollar(db: Db, bus: Bus, user: SessionUser, pet: PetRow): Promise<PetControlAnswer> {
  if (pet.terminal_pk === null) throw new AppError(PET_ERRORS.noCollar);
  const commandId = await send(db, bus, user, Number(pet.terminal_pk), 'find');
  return { message: '已下发响铃指令，项圈将响铃约1分钟', lostUntil: null, commandId };
}

/**
 * One pass: lost modes that ran out go back to the normal interval, sent as the pet's creator (or
 * its account's first user). Each pet is claimed and its command queued in one transaction; the
 * notice to the gateways goes after the commit (a lost notice leaves the command queued for the
 * collar's next connection, never a claimed pet without its command).
 */
export async function restoreExpiredLostModes(db: Db, bus: Bus, now = new Date()): Promise<number> {
  let restored = 0;
  for (;;) {
    const notices: [string, unknown][] = [];
    const held: Pick<Bus, 'publish'> = { publish: (subject, message) => void notices.push([subject, message]) };
    const claimed = await db.tx(async (q) => {
      const pet = await petsQueries.claimOneExpiredLost(q, now);
      if (!pet) return false;
      const actor = pet.terminal_pk === null ? undefined : await revertActor(q, pet);
      if (actor) {
        try {
          await send(q, held, actor, Number(pet.terminal_pk), 'setInterval', Number(pet.report_seconds));
        } catch (err) {
          if (!(err instanceof AppError)) throw err; // a refusal (service expired, unsupported) ends lost mode without a command
        }
      }
      return true;
    });
    if (!claimed) return restored;
    for (const [subject, message] of notices) bus.publish(subject, message);
    restored++;
  }
}

async function revertActor(q: Queryable, pet: { id: number; account_id: number }): Promise<SessionUser | undefined> {
  const u = await petsQueries.revertActor(q, Number(pet.id));
  if (!u) return undefined;
  return {
    userId: Number(u.id),
    username: '系统（宠物卫士）',
    accountId: Number(pet.account_id),
    accountPath: u.path,
    roleId: 0,
    isPlatformAdmin: false,
    permissions: new Set(),
  };
}

export const PET_JOB_INTERVAL_MS = 30_000;
export function startPetJob(ctx: Pick<AppContext, 'db' | 'bus' | 'log'>, intervalMs = PET_JOB_INTERVAL_MS): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    async () => void (await restoreExpiredLostModes(ctx.db, ctx.bus)),
    (err) => ctx.log.error({ err }, '宠物卫士定时任务失败'),
  );
}
