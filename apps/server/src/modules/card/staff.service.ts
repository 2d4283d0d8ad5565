import { CARD_ERRORS, CARD_LIMITS, TERMINAL_ERRORS, type StaffForm } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { terminalsQueries } from '../terminals/terminals.queries.ts';
import { refuseTerminalHeldElsewhere } from '../terminals/assets.ts';
import { createVehicle, deleteVehicles, updateVehicle } from '../terminals/vehicles.service.ts';
import { staffQueries, type StaffProfile, type StaffRow } from './staff.queries.ts';
import { setupQueries } from './setup.queries.ts';

/** Published when staff, areas, shifts or rules change: the card engine drops what it cached. */
export const CARD_CHANGED = 'card.changed';

/** The staff member if the caller may see them; a foreign id answers like a missing one. */
export async function visibleStaff(q: Queryable, user: SessionUser, staffId: number): Promise<StaffRow> {
  const row = await staffQueries.visible(q, scopeParam(user), staffId);
  if (!row) throw new AppError(CARD_ERRORS.staffNotVisible);
  return row;
}

/** The account of a team or shift the caller may use (0 or absent: none). */
export async function ownedId(
  q: Queryable,
  user: SessionUser,
  table: 'card_teams' | 'card_shifts',
  id: number | undefined | null,
  accountId: number,
): Promise<number | null> {
  if (!id) return null;
  const owner = await setupQueries.owner(q, table, scopeParam(user), id);
  if (owner === undefined) throw new AppError(table === 'card_teams' ? CARD_ERRORS.teamNotVisible : CARD_ERRORS.shiftNotVisible);
  if (Number(owner) !== accountId) throw new AppError(CARD_ERRORS.assigneeOfOtherAccount);
  return id;
}

const clean = (s: string | undefined) => (s ?? '').trim();

async function profileOf(q: Queryable, user: SessionUser, input: StaffForm, accountId: number): Promise<StaffProfile> {
  return {
    staffNo: clean(input.staffNo),
    job: clean(input.job),
    phone: clean(input.phone),
    remark: clean(input.remark),
    teamId: await ownedId(q, user, 'card_teams', input.teamId, accountId),
    shiftId: await ownedId(q, user, 'card_shifts', input.shiftId, accountId),
  };
}

async function checkNumber(q: Queryable, accountId: number, staffNo: string, exceptId: number | null) {
  const taken = await staffQueries.byNumbers(q, accountId, [staffNo]);
  if (taken.some((r) => Number(r.id) !== exceptId)) throw new AppError(CARD_ERRORS.staffNoTaken, { params: { staffNo } });
}

/** Creates or edits a person (a vehicle of type 'badge' with a profile). */
export async function saveStaff(db: Db, bus: Bus, user: SessionUser, input: StaffForm): Promise<number> {
  const name = clean(input.name);
  if (input.staffId) {
    const current = await visibleStaff(db, user, input.staffId);
    const profile = await profileOf(db, user, input, current.account_id);
    await checkNumber(db, current.account_id, profile.staffNo, current.id);
    if (name !== current.name) await updateVehicle(db, bus, user, current.id, { name });
    await staffQueries.updateProfile(db, current.id, profile);
    bus.publish(CARD_CHANGED, {});
    return current.id;
  }
  const profile = await profileOf(db, user, input, user.accountId);
  await checkNumber(db, user.accountId, profile.staffNo, null);
  const id = await createVehicle(db, bus, user, { type: 'badge', name, accountId: user.accountId });
  try {
    await staffQueries.insertProfile(db, id, user.accountId, profile);
  } catch (err) {
    await deleteVehicles(db, bus, user, [id]);
    throw err;
  }
  bus.publish(CARD_CHANGED, {});
  return id;
}

/** Deletes a person; their badge stays in the account, unbound, with its history. */
export async function deleteStaff(db: Db, bus: Bus, user: SessionUser, staffId: number) {
  const staff = await visibleStaff(db, user, staffId);
  if (staff.terminal_pk !== null) await staffQueries.closeBinding(db, staff.id, user.username);
  await deleteVehicles(db, bus, user, [staff.id]);
  bus.publish(CARD_CHANGED, {});
}

/**
 * Binds a badge of the caller's subtree to a person: one badge per person at a time (binding
 * another closes the first one's record) and one person per badge.
 */
export async function bindBadge(db: Db, bus: Bus, user: SessionUser, staffId: number, terminalId: string) {
  const staff = await visibleStaff(db, user, staffId);
  const [terminal] = await terminalsQueries.visibleByKeys(db, terminalScope(user), [identifierKey(terminalId.trim())]);
  if (!terminal) throw new AppError(TERMINAL_ERRORS.terminalNotVisible);
  refuseTerminalHeldElsewhere(terminal, 'vehicles');
  if (terminal.vehicle_id !== null && Number(terminal.vehicle_id) !== staff.id) {
    const holder = await staffQueries.visible(db, '/', Number(terminal.vehicle_id));
    if (holder) throw new AppError(CARD_ERRORS.badgeBound, { params: { terminalId: terminal.identifier, name: holder.name } });
    throw new AppError(CARD_ERRORS.badgeInVehicle, {
      params: { terminalId: terminal.identifier, name: terminal.plate || terminal.vehicle_name || '' },
    });
  }
  if (terminal.vehicle_id !== null) return;
  if (staff.terminal_pk !== null) await staffQueries.closeBinding(db, staff.id, user.username);
  await updateVehicle(db, bus, user, staff.id, { terminal: { identifier: terminal.identifier, protocol: terminal.protocol } });
  await staffQueries.openBinding(db, staff.id, Number(terminal.id), terminal.identifier, user.username);
  bus.publish(CARD_CHANGED, {});
}

export async function unbindBadge(db: Db, bus: Bus, user: SessionUser, staffId: number) {
  const staff = await visibleStaff(db, user, staffId);
  if (staff.terminal_pk === null) throw new AppError(CARD_ERRORS.noBadge);
  await updateVehicle(db, bus, user, staff.id, { terminal: { identifier: '', protocol: staff.protocol ?? '' } });
  await staffQueries.closeBinding(db, staff.id, user.username);
  bus.publish(CARD_CHANGED, {});
}

const startsWith = (b: Buffer, sig: number[]) => sig.every((v, i) => b[i] === v);

/** A photo from base64 (a data: address is accepted), checked by its bytes: PNG or JPEG, size-limited. */
export function checkPhoto(data: string): { bytes: Buffer; contentType: string } {
  const bytes = Buffer.from(data.replace(/^data:[^,]*,/, ''), 'base64');
  if (bytes.length > CARD_LIMITS.photoBytes)
    throw new AppError(CARD_ERRORS.photoTooLarge, { params: { kb: CARD_LIMITS.photoBytes / 1024 } });
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { bytes, contentType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { bytes, contentType: 'image/jpeg' };
  throw new AppError(CARD_ERRORS.photoNotImage);
}
