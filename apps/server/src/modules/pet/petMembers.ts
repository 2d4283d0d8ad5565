/**
 * 宠物卫士 family sharing (docs/pet.md): whoever may edit the pet (its owner, in the pet's account
 * subtree) invites a platform user by username or phone; the invitation is pending until that
 * user accepts it (the owner's invitation is the owner's approval), then the member views the pet
 * read-only from any account. At most five members, pending ones included. Removal revokes at once.
 */
import { PET_ERRORS, PET_MAX_MEMBERS, PET_MEMBER_STATUS_NAMES, type PetInvitation, type PetMember } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { visiblePet } from './pets.service.ts';

interface MemberRow {
  id: number;
  pet_id: number;
  user_id: number;
  username: string;
  name: string;
  status: string;
  invited_at: Date;
  accepted_at: Date | null;
}

const MEMBER_SELECT = `SELECT m.id, m.pet_id, m.user_id, u.username, u.name, m.status, m.invited_at, m.accepted_at
  FROM pet_members m JOIN users u ON u.id = m.user_id`;

/** 'probe1user' → 'pr*******r': enough for the owner to recognise whom they typed. */
const masked = (username: string) =>
  username.length <= 3 ? `${username.slice(0, 1)}**` : `${username.slice(0, 2)}${'*'.repeat(username.length - 3)}${username.slice(-1)}`;

// The invitee may be anyone on the platform, in any tenant: until they accept, the owner sees no
// more of them than the owner typed — no real name, and no username found from a phone number.
const present = (r: MemberRow): PetMember => {
  // A member is in (accepted) or invited: nothing else is ever stored, and nothing else is answered.
  const status = r.status === 'active' ? 'active' : 'pending';
  return {
    memberId: Number(r.id),
    petId: Number(r.pet_id),
    userId: Number(r.user_id),
    username: status === 'active' ? r.username : masked(r.username),
    name: status === 'active' ? r.name : '',
    status,
    statusName: PET_MEMBER_STATUS_NAMES[status],
    invitedAt: r.invited_at.getTime(),
    acceptedAt: r.accepted_at?.getTime() ?? null,
  };
};

const membersOf = (q: Queryable, petId: number) => q.query<MemberRow>(`${MEMBER_SELECT} WHERE m.pet_id = $1 ORDER BY m.id`, [petId]);

/** The members of a pet the caller views (owner or member alike see who shares it). */
export async function petMembers(q: Queryable, petId: number): Promise<PetMember[]> {
  return (await membersOf(q, petId)).map(present);
}

export async function inviteMember(db: Db, user: SessionUser, petId: number, who: string): Promise<PetMember> {
  const pet = await visiblePet(db, user, petId);
  const key = who.trim();
  if (!key) throw new AppError(PET_ERRORS.memberUserMissing);
  const [target] = await db.query<{ id: number; username: string }>(
    `SELECT id, username FROM users WHERE enabled AND (username = $1 OR (phone <> '' AND phone = $1)) ORDER BY (username = $1) DESC, id LIMIT 1`,
    [key],
  );
  if (!target) throw new AppError(PET_ERRORS.memberUserMissing);
  if (Number(target.id) === user.userId) throw new AppError(PET_ERRORS.memberSelf);
  return db.tx(async (q) => {
    // One invitation at a time per pet: the row lock keeps two invites from passing the limit together.
    await q.query('SELECT id FROM pets WHERE id = $1 FOR UPDATE', [pet.id]);
    const current = await membersOf(q, Number(pet.id));
    if (current.some((m) => Number(m.user_id) === Number(target.id)))
      throw new AppError(PET_ERRORS.memberExists, { params: { user: key } });
    if (current.length >= PET_MAX_MEMBERS) throw new AppError(PET_ERRORS.memberLimit);
    const [row] = await q.query<{ id: number }>('INSERT INTO pet_members (pet_id, user_id, invited_by) VALUES ($1, $2, $3) RETURNING id', [
      pet.id,
      target.id,
      user.userId,
    ]);
    return present((await q.query<MemberRow>(`${MEMBER_SELECT} WHERE m.id = $1`, [row!.id]))[0]!);
  });
}

/** Removes a member or withdraws an invitation of a pet the caller owns. */
export async function removeMember(db: Db, user: SessionUser, memberId: number): Promise<PetMember> {
  const [row] = await db.query<MemberRow>(`${MEMBER_SELECT} WHERE m.id = $1`, [memberId]);
  if (!row) throw new AppError(PET_ERRORS.memberNotVisible);
  try {
    await visiblePet(db, user, Number(row.pet_id));
  } catch {
    throw new AppError(PET_ERRORS.memberNotVisible); // another owner's member: as missing
  }
  await db.query('DELETE FROM pet_members WHERE id = $1', [memberId]);
  return present(row);
}

/** The invitations waiting for the caller. */
export async function myInvitations(q: Queryable, user: SessionUser): Promise<PetInvitation[]> {
  const rows = await q.query<{ id: number; pet_id: number; pet_name: string; account_name: string; invited_at: Date }>(
    `SELECT m.id, m.pet_id, p.name AS pet_name, a.name AS account_name, m.invited_at
       FROM pet_members m JOIN pets p ON p.id = m.pet_id JOIN accounts a ON a.id = p.account_id
      WHERE m.user_id = $1 AND m.status = 'pending' ORDER BY m.id`,
    [user.userId],
  );
  return rows.map((r) => ({
    memberId: Number(r.id),
    petId: Number(r.pet_id),
    petName: r.pet_name,
    accountName: r.account_name,
    invitedAt: r.invited_at.getTime(),
  }));
}

/** The invited user accepts (becomes a member) or declines (the invitation goes). Only their own. */
export async function answerInvitation(
  db: Db,
  user: SessionUser,
  memberId: number,
  accept: boolean,
): Promise<{ memberId: number; accepted: boolean; petId: number }> {
  const [row] = await db.query<{ pet_id: number }>(`SELECT pet_id FROM pet_members WHERE id = $1 AND user_id = $2 AND status = 'pending'`, [
    memberId,
    user.userId,
  ]);
  if (!row) throw new AppError(PET_ERRORS.memberNotVisible);
  if (accept) await db.query(`UPDATE pet_members SET status = 'active', accepted_at = now() WHERE id = $1`, [memberId]);
  else await db.query('DELETE FROM pet_members WHERE id = $1', [memberId]);
  return { memberId, accepted: accept, petId: Number(row.pet_id) };
}
