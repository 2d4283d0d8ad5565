/**
 * 掌上车联's end users (docs/end-users.md). `inviteEndUser` is the one way a person comes to hold
 * an asset: 宠物卫士's and 电单车卫士's invite endpoints call it, and so does 电单车租赁 for riders.
 */
import { randomBytes } from 'node:crypto';
import {
  END_USER_ERRORS,
  END_USER_PERSONAS,
  END_USER_PRESETS,
  PERSON_ACCOUNT_KIND,
  PERSON_ACCOUNT_KIND_NAME,
  type EndUserPersona,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { subjects } from '../../bus/subjects.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { PHONE_PATTERN } from '../auth/sms.service.ts';
import { endUsersQueries as Q } from './endUsers.queries.ts';

export interface InviteEndUserInput {
  phone: string;
  /** the person's name as the operator knows it; the phone's last four digits when not given */
  name?: string;
  persona: EndUserPersona;
  /** terminals.id of the assets (a pet's collar, a bike's tracker) */
  terminalIds: readonly number[];
}

export interface InvitedPerson {
  userId: number;
  /** the person's 个人用户 account, directly under the assets' account */
  accountId: number;
  phone: string;
  /** true when this call made the person (else they were invited before) */
  created: boolean;
  /** terminals.id moved into the person's account by this call (none when all were theirs already) */
  movedTerminalIds: number[];
}

/**
 * Alarm types an invited persona receives by SMS on their own phone (and in the app's list, which
 * shows every alarm of their asset). An e-bike owner: shaken, moved while armed, the tracker's or
 * the pack's low battery. Each is one alarm per episode already (a bit's rising edge, a terminal's
 * repeats folded, displacement once per arming: docs/car.md, "Alarms: one per episode").
 */
const SMS_ALARMS: Record<EndUserPersona, readonly string[]> = {
  petOwner: ['petZoneExit', 'petZoneEnter'],
  bikeOwner: ['vibration', 'displacement', 'lowBattery', 'lowVoltage'],
  rider: [],
};

/** The preset's codes the operator may hand on: nobody grants what they lack (as 角色管理). */
function grantable(operator: SessionUser, persona: EndUserPersona): string[] {
  return END_USER_PRESETS[persona].codes.filter((c) => operator.isPlatformAdmin || operator.permissions.has(c));
}

const roleName = (codes: ReadonlySet<string>) =>
  END_USER_PERSONAS.filter((p) => END_USER_PRESETS[p].codes.length > 0 && END_USER_PRESETS[p].codes.some((c) => codes.has(c)))
    .map((p) => END_USER_PRESETS[p].name)
    .join('、') || PERSON_ACCOUNT_KIND_NAME;

/**
 * Invites `phone` to the terminals: creates the person (account of kind 'person' under the assets'
 * account, one user, the persona's role) or finds them — idempotent for the same phone under the same
 * account, where it adds the assets and the persona — moves the terminals in, and sends the
 * invitation SMS. A terminal outside the operator's scope answers 设备不存在或无权访问 and nothing changes.
 */
export async function inviteEndUser(ctx: AppContext, operator: SessionUser, input: InviteEndUserInput): Promise<InvitedPerson> {
  const phone = input.phone.trim();
  if (!PHONE_PATTERN.test(phone)) throw new AppError(END_USER_ERRORS.phoneInvalid);
  oneOfOrRefuse(END_USER_PERSONAS, input.persona, END_USER_ERRORS.personaUnknown);
  const ids = [...new Set(input.terminalIds.map(Number))];
  if (ids.length === 0) throw new AppError(END_USER_ERRORS.noAssets);
  const passwordHash = await hashPassword(randomBytes(24).toString('base64')); // never told: the person logs in by SMS

  const result = await ctx.db.tx(async (q) => {
    const terminals = await Q.terminalsInScope(q, terminalScope(operator), ids);
    if (terminals.length !== ids.length) throw new AppError(END_USER_ERRORS.assetNotVisible);
    // The account an asset belongs to: its own, or the one above the person already holding it.
    const homeOf = (t: (typeof terminals)[number]) =>
      t.account_kind === PERSON_ACCOUNT_KIND ? Number(t.account_parent_id) : Number(t.account_id);
    const home = homeOf(terminals[0]!);
    if (terminals.some((t) => homeOf(t) !== home)) throw new AppError(END_USER_ERRORS.mixedAccounts);
    const homePath = (await Q.accountPath(q, home))!;

    let person = await Q.userByPhone(q, phone);
    if (person && !(person.account_kind === PERSON_ACCOUNT_KIND && Number(person.account_parent_id) === home))
      throw new AppError(END_USER_ERRORS.phoneTaken);
    const personAccount = person ? Number(person.account_id) : 0;
    if (terminals.some((t) => t.account_kind === PERSON_ACCOUNT_KIND && Number(t.account_id) !== personAccount))
      throw new AppError(END_USER_ERRORS.heldByOther);

    let created = false;
    if (!person) {
      const name = input.name?.trim() || `用户${phone.slice(-4)}`;
      const account = await Q.insertPersonAccount(q, { parentId: home, parentPath: homePath, name, phone });
      const roleId = await Q.insertRole(q, account.id, END_USER_PRESETS[input.persona].name);
      let username = phone;
      for (let n = 2; await Q.usernameTaken(q, username); n++) username = `${phone}_${n}`;
      const userId = await Q.insertUser(q, { accountId: account.id, roleId, username, name, phone, passwordHash });
      person = {
        id: userId,
        account_id: account.id,
        account_kind: PERSON_ACCOUNT_KIND,
        account_parent_id: home,
        account_path: account.path,
        role_id: roleId,
        enabled: true,
      };
      created = true;
    } else if (!person.enabled) await Q.enablePerson(q, person.id, person.account_id);

    const codes = new Set([...(await Q.roleCodes(q, person.role_id)), ...grantable(operator, input.persona)]);
    await Q.addRoleCodes(q, person.role_id, roleName(codes), [...codes]);
    if (SMS_ALARMS[input.persona].length) await Q.smsAlarmsTo(q, Number(person.account_id), phone, SMS_ALARMS[input.persona]);

    const moved: { id: number; identifier: string }[] = [];
    for (const t of terminals) {
      if (Number(t.account_id) === Number(person.account_id)) {
        await Q.recordInvitation(q, Number(person.account_id), t.id, input.persona, operator.userId); // kept (or made again) live
        continue;
      }
      const last = await Q.lastHolder(q, t.id);
      // Another person held it before: their walks and rides are not this one's.
      if (last !== undefined && Number(last) !== Number(person.account_id)) await Q.cutHistory(q, t.id);
      await Q.moveAsset(q, t.id, Number(person.account_id));
      await Q.recordInvitation(q, Number(person.account_id), t.id, input.persona, operator.userId);
      moved.push({ id: Number(t.id), identifier: t.identifier });
    }
    return { person, created, moved };
  });

  for (const t of result.moved) ctx.bus.publish(subjects.terminalChanged(t.identifier), {});
  if (result.moved.length) await sendInvitationSms(ctx, phone, input.persona);
  return {
    userId: Number(result.person.id),
    accountId: Number(result.person.account_id),
    phone,
    created: result.created,
    movedTerminalIds: result.moved.map((t) => t.id),
  };
}

const WHAT: Record<EndUserPersona, string> = { petOwner: '您的宠物', bikeOwner: '您的电单车', rider: '您的租车合同' };

/** Through the platform's one SMS gateway (sms_outbox without a provider): what, where, and how to log in. */
async function sendInvitationSms(ctx: AppContext, phone: string, persona: EndUserPersona) {
  await ctx.smsGateway.send(
    phone,
    `【车联】您已受邀使用掌上车联查看${WHAT[persona]}。请在手机浏览器打开本平台网址下的 /m/ ，用本手机号和短信验证码登录。`,
  );
}

/**
 * Takes the terminals back from the person: they return to the account above (the operator's),
 * with their pet or vehicle. A person left holding nothing is disabled and logged out.
 */
export async function revokeEndUser(ctx: AppContext, operator: SessionUser, userId: number, terminalIds: readonly number[]) {
  const identifiers = await ctx.db.tx(async (q) => {
    const person = await Q.personUser(q, userId);
    const terminals = await Q.terminalsInScope(q, terminalScope(operator), [...terminalIds]);
    if (terminals.length !== terminalIds.length) throw new AppError(END_USER_ERRORS.assetNotVisible);
    if (!person || terminals.some((t) => Number(t.account_id) !== Number(person.account_id)))
      throw new AppError(END_USER_ERRORS.notInvited);
    for (const t of terminals) {
      await Q.revokeInvitation(q, Number(person.account_id), t.id);
      await Q.moveAsset(q, t.id, Number(person.parent_id));
    }
    if ((await Q.liveAssetCount(q, Number(person.account_id))) === 0) await Q.disablePerson(q, Number(person.id));
    return terminals.map((t) => t.identifier);
  });
  for (const id of identifiers) ctx.bus.publish(subjects.terminalChanged(id), {});
  ctx.bus.publish(subjects.sessionsEnded, {});
}

/** The people invited to a terminal the caller sees. */
export async function endUsersOf(ctx: AppContext, operator: SessionUser, terminalId: number) {
  const [t] = await Q.terminalsInScope(ctx.db, terminalScope(operator), [terminalId]);
  if (!t) throw new AppError(END_USER_ERRORS.assetNotVisible);
  return Q.usersOfTerminal(ctx.db, t.id);
}

/**
 * A rental bike given back or swapped out (电单车租赁): its tracker, with the vehicle, leaves the
 * rider's 个人用户 account for the account above — the store's stock again, as a revocation moves it.
 * Unlike `revokeEndUser` the person is neither disabled nor logged out: a rider's contracts, bills
 * and refunds stay theirs to read. Returns the person's account it left, or null when no person held it.
 */
export async function releaseAsset(ctx: Pick<AppContext, 'db' | 'bus'>, terminalId: number): Promise<number | null> {
  const moved = await ctx.db.tx(async (q) => {
    const [held] = await Q.personHolding(q, terminalId);
    if (!held) return null;
    await Q.revokeInvitation(q, Number(held.account_id), terminalId);
    await Q.moveAsset(q, terminalId, Number(held.parent_id));
    return held;
  });
  if (!moved) return null;
  ctx.bus.publish(subjects.terminalChanged(moved.identifier), {});
  return Number(moved.account_id);
}

/**
 * The rider's next bike (换车): its tracker goes into the person's account the previous bike left,
 * when it sits in the account directly above it (else it stays, and the back office invites again).
 */
export async function holdAsset(ctx: Pick<AppContext, 'db' | 'bus'>, personAccountId: number, terminalId: number, persona: EndUserPersona) {
  const moved = await ctx.db.tx(async (q) => {
    const t = await Q.terminalBesidePerson(q, terminalId, personAccountId);
    if (!t || Number(t.account_id) !== Number(t.parent_id)) return null;
    const last = await Q.lastHolder(q, terminalId);
    if (last !== undefined && Number(last) !== personAccountId) await Q.cutHistory(q, terminalId); // another rider's rides
    await Q.moveAsset(q, terminalId, personAccountId);
    await Q.recordInvitation(q, personAccountId, terminalId, persona, null);
    return t.identifier;
  });
  if (moved) ctx.bus.publish(subjects.terminalChanged(moved), {});
  return moved !== null;
}
