import type { PetMember } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';

/** A pet's member or invitation, with the user's name. */
export interface MemberRow {
  id: number;
  pet_id: number;
  user_id: number;
  username: string;
  name: string;
  /** pending (invited) or active (accepted): nothing else is ever stored. */
  status: PetMember['status'];
  invited_at: Date;
  accepted_at: Date | null;
}

/** An invitation waiting for its user, with the pet and its account. */
export interface InvitationRow {
  id: number;
  pet_id: number;
  pet_name: string;
  account_name: string;
  invited_at: Date;
}

const MEMBER_SELECT = `SELECT m.id, m.pet_id, m.user_id, u.username, u.name, m.status, m.invited_at, m.accepted_at
  FROM pet_members m JOIN users u ON u.id = m.user_id`;

export const petMembersQueries = {
  ofPet: (q: Queryable, petId: number) => q.query<MemberRow>(`${MEMBER_SELECT} WHERE m.pet_id = $1 ORDER BY m.id`, [petId]),
  one: async (q: Queryable, memberId: number) => (await q.query<MemberRow>(`${MEMBER_SELECT} WHERE m.id = $1`, [memberId]))[0] ?? null,
  /** An enabled user by username or phone (the username first). */
  findUser: async (q: Queryable, key: string) =>
    (
      await q.query<{ id: number; username: string }>(
        `SELECT id, username FROM users WHERE enabled AND (username = $1 OR (phone <> '' AND phone = $1)) ORDER BY (username = $1) DESC, id LIMIT 1`,
        [key],
      )
    )[0] ?? null,
  /** The pet's row lock: one invitation at a time per pet. */
  lockPet: (q: Queryable, petId: number) => q.query('SELECT id FROM pets WHERE id = $1 FOR UPDATE', [petId]),
  invite: async (q: Queryable, petId: number, userId: number, invitedBy: number) =>
    (
      await q.query<{ id: number }>('INSERT INTO pet_members (pet_id, user_id, invited_by) VALUES ($1, $2, $3) RETURNING id', [
        petId,
        userId,
        invitedBy,
      ])
    )[0]!.id,
  remove: (q: Queryable, memberId: number) => q.query('DELETE FROM pet_members WHERE id = $1', [memberId]),
  invitationsFor: (q: Queryable, userId: number) =>
    q.query<InvitationRow>(
      `SELECT m.id, m.pet_id, p.name AS pet_name, a.name AS account_name, m.invited_at
         FROM pet_members m JOIN pets p ON p.id = m.pet_id JOIN accounts a ON a.id = p.account_id
        WHERE m.user_id = $1 AND m.status = 'pending' ORDER BY m.id`,
      [userId],
    ),
  /** The user's own pending invitation's pet, or null. */
  pendingPetOf: async (q: Queryable, memberId: number, userId: number) =>
    (
      await q.query<{ pet_id: number }>(`SELECT pet_id FROM pet_members WHERE id = $1 AND user_id = $2 AND status = 'pending'`, [
        memberId,
        userId,
      ])
    )[0] ?? null,
  accept: (q: Queryable, memberId: number) =>
    q.query(`UPDATE pet_members SET status = 'active', accepted_at = now() WHERE id = $1`, [memberId]),
};
