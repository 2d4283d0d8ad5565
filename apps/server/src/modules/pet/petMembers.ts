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
import { petMembersQueries, type MemberRow } from './petMembers.queries.ts';

/** 'probe1user' → 'pr*******r': enough for the owner to recognise whom they typed. */
const masked = (username: string) =>
  username.length <= 3 ? `${username.slice(0, 1)}**` : `${username.slice(0, 2)}${'*'.repeat(username.length - 3)}${username.slice(-1)}`;

// The invitee may be anyone on the platform, in any tenant: until they accept, the owner sees no
// more of them than the owner typed — no real name, and no username found from a phone number.
const present = (r: MemberRow): PetMember => {
  const status = r.status;
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

/** The members of a pet the caller views (owner or member alike see who shares it). */
export async function petMembers(q: Queryable, petId: number): Promise<PetMember[]> {
  return (await petMembersQueries.ofPet(q, petId)).map(present);
}

export async function inviteMember(db: Db, user: SessionUser, petId: number, who: string): Promise<PetMember> {
  const pet = await visiblePet(db, user, petId);
  const key = who.trim();
  if (!key) throw new AppError(PET_ERRORS.memberUserMissing);
  const target = await petMembersQueries.findUser(db, key);
  if (!target) throw new AppError(PET_ERRORS.memberUserMissing);
  if (Number(target.id) === user.userId) throw new AppError(PET_ERRORS.memberSelf);
  return db.tx(async (q) => {
    // One invitation at a time per pet: the row lock keeps two invites from passing the limit together.
    await petMembersQueries.lockPet(q, Number(pet.id));
    const current = await petMembersQueries.ofPet(q, Number(pet.id));
    if (current.some((m) => Number(m.user_id) === Number(target.id)))
      throw new AppError(PET_ERRORS.memberExists, { params: { user: key } });
    if (current.length >= PET_MAX_MEMBERS) throw new AppError(PET_ERRORS.memberLimit);
    const id = await petMembersQueries.invite(q, Number(pet.id), Number(target.id), user.userId);
    return present((await petMembersQueries.one(q, id))!);
  });
}

/** Removes a member or withdraws an invitation of a pet the caller owns. */
export async function removeMember(db: Db, user: SessionUser, memberId: number): Promise<PetMember> {
  const row = await petMembersQueries.one(db, memberId);
  if (!row) throw new AppError(PET_ERRORS.memberNotVisible);
  try {
    await visiblePet(db, user, Number(row.pet_id));
  } catch {
    throw new AppError(PET_ERRORS.memberNotVisible); // another owner's member: as missing
  }
  await petMembersQueries.remove(db, memberId);
  return present(row);
}

/** The invitations waiting for the caller. */
export async function myInvitations(q: Queryable, user: SessionUser): Promise<PetInvitation[]> {
  const rows = await petMembersQueries.invitationsFor(q, user.userId);
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
  const row = await petMembersQueries.pendingPetOf(db, memberId, user.userId);
  if (!row) throw new AppError(PET_ERRORS.memberNotVisible);
  if (accept) await petMembersQueries.accept(db, memberId);
  else await petMembersQueries.remove(db, memberId);
  return { memberId, accepted: accept, petId: Number(row.pet_id) };
}
