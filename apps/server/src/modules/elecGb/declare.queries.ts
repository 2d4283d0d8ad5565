import type { GbDeclarationStatus, GbUseType } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface DeclarationRow {
  id: number;
  bike_id: number;
  frame_no: string;
  brand: string;
  model: string;
  owner_name: string;
  owner_phone: string;
  owner_id_no: string;
  plate: string;
  use_type: GbUseType;
  positioning_consent: boolean;
  status: GbDeclarationStatus;
  review_note: string;
  reviewed_by_name: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}

export interface DeclarationInput {
  ownerName: string;
  ownerPhone: string;
  ownerIdNo: string;
  plate: string;
  useType: GbUseType;
  positioningConsent: boolean;
}

const SELECT = `SELECT d.id, d.bike_id, b.frame_no, b.brand, b.model, d.owner_name, d.owner_phone, d.owner_id_no, d.plate, d.use_type,
       d.positioning_consent, d.status, d.review_note, u.name AS reviewed_by_name, d.created_at, d.reviewed_at
  FROM elec_gb_declarations d JOIN elec_gb_bikes b ON b.id = d.bike_id JOIN accounts a ON a.id = b.account_id LEFT JOIN users u ON u.id = d.reviewed_by`;

const FILTER = `${accountInScope('a.path', 1)} AND ($2::text IS NULL OR d.status = $2)
   AND ($3::text IS NULL OR b.frame_no ILIKE $3 OR d.owner_name ILIKE $3 OR d.owner_phone ILIKE $3 OR d.plate ILIKE $3)`;

export const declareQueries = {
  /**
   * Records an attempt from this address and answers how many it made since `since` before this
   * one (the public form's rate limit, shared by every API process); attempts older than a day go.
   */
  attempt: async (q: Queryable, ip: string, since: Date) => {
    const [row] = await q.query<{ n: number }>(
      `WITH gone AS (DELETE FROM elec_gb_declare_attempts WHERE client_ip = $1 AND at < now() - interval '1 day'),
            added AS (INSERT INTO elec_gb_declare_attempts (client_ip) VALUES ($1))
       SELECT count(*)::int AS n FROM elec_gb_declare_attempts WHERE client_ip = $1 AND at >= $2`,
      [ip, since],
    );
    return row?.n ?? 0;
  },

  pendingOf: async (q: Queryable, bikeId: number) =>
    (
      await q.query<{ id: number }>(
        `SELECT id FROM elec_gb_declarations WHERE bike_id = $1 AND status = 'pending' ORDER BY id DESC LIMIT 1`,
        [bikeId],
      )
    )[0],

  /** A bike keeps one pending declaration: a new submission replaces what the pending one said. */
  submit: async (q: Queryable, bikeId: number, d: DeclarationInput, ip: string) => {
    const args = [bikeId, d.ownerName, d.ownerPhone, d.ownerIdNo, d.plate, d.useType, d.positioningConsent, ip];
    const [updated] = await q.query<{ id: number }>(
      `UPDATE elec_gb_declarations SET owner_name = $2, owner_phone = $3, owner_id_no = $4, plate = $5, use_type = $6, positioning_consent = $7,
              client_ip = $8, created_at = now()
        WHERE id = (SELECT id FROM elec_gb_declarations WHERE bike_id = $1 AND status = 'pending' ORDER BY id DESC LIMIT 1) RETURNING id`,
      args,
    );
    if (updated) return Number(updated.id);
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO elec_gb_declarations (bike_id, owner_name, owner_phone, owner_id_no, plate, use_type, positioning_consent, client_ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      args,
    );
    return Number(row!.id);
  },

  page: async (q: Queryable, scope: string, status: GbDeclarationStatus | null, like: string | null, limit: number, offset: number) => {
    return queryPage<DeclarationRow>(
      q,
      {
        select: `${SELECT} WHERE ${FILTER}`,
        countFrom: `FROM elec_gb_declarations d JOIN elec_gb_bikes b ON b.id = d.bike_id JOIN accounts a ON a.id = b.account_id WHERE ${FILTER}`,
        orderBy: `d.status = 'pending' DESC, d.id DESC`,
        params: [scope, status, like],
      },
      { limit, offset },
    );
  },

  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<DeclarationRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND d.id = $2`, [scope, id]))[0],

  /** Closes a pending declaration (compare-and-set: two reviewers cannot both decide it). */
  review: async (q: Queryable, id: number, status: 'approved' | 'rejected', userId: number, note: string) =>
    (
      await q.query(
        `UPDATE elec_gb_declarations SET status = $2, reviewed_by = $3, review_note = $4, reviewed_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`,
        [id, status, userId, note],
      )
    ).length === 1,

  /** An approved declaration's owner, plate and use become the registration's. */
  applyToBike: (q: Queryable, d: DeclarationRow) =>
    q.query(
      `UPDATE elec_gb_bikes SET owner_name = $2, owner_phone = $3, owner_id_no = $4, plate = CASE WHEN $5 = '' THEN plate ELSE $5 END, use_type = $6,
              positioning_consent = $7, state = 'registered', updated_at = now()
        WHERE id = $1`,
      [d.bike_id, d.owner_name, d.owner_phone, d.owner_id_no, d.plate, d.use_type, d.positioning_consent],
    ),

  rejectBike: (q: Queryable, bikeId: number) =>
    q.query(`UPDATE elec_gb_bikes SET state = 'rejected', updated_at = now() WHERE id = $1 AND state = 'pending'`, [bikeId]),
};
