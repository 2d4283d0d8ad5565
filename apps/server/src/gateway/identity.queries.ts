import type { Queryable } from '../db/types.ts';

/** A sighting of an identifier nobody registered, as one flush gathers it (identityRecords.ts). */
export interface PendingSighting {
  identifier: string;
  key: string;
  protocol: string;
  address: string;
  attempts: number;
  firstAt: number;
  lastAt: number;
  frames: string[];
}

/** Frames kept per pending identifier: enough to tell a terminal from noise. */
export const PENDING_FRAMES_KEPT = 3;

export const identityQueries = {
  /** The pending rows of these keys (blocked or not): who is waiting already. */
  pendingOf: (q: Queryable, keys: string[]) =>
    q.query<{ identifier_key: string; blocked: boolean }>(
      'SELECT identifier_key, blocked FROM pending_terminals WHERE identifier_key = ANY($1::text[])',
      [keys],
    ),

  /** JT/T 808: the code issued by this registration replaces any earlier one. */
  storeAuthCode: (q: Queryable, terminalPk: number, code: string) =>
    q.query('UPDATE terminals SET auth_code = $2 WHERE id = $1', [terminalPk, code]),

  /** Sightings of one flush: new ids inserted, known ones counted; frames kept up to PENDING_FRAMES_KEPT. */
  recordPending: (q: Queryable, sightings: PendingSighting[]) =>
    q.query(
      `INSERT INTO pending_terminals AS p (identifier_key, identifier, protocol, address, first_seen_at, last_seen_at, attempts, frames)
       SELECT x.key, x.identifier, x.protocol, x.address, to_timestamp(x.first_at / 1000.0), to_timestamp(x.last_at / 1000.0), x.attempts,
              ARRAY(SELECT json_array_elements_text(x.frames))
         FROM json_to_recordset($1::json) AS x(key text, identifier text, protocol text, address text, first_at double precision,
              last_at double precision, attempts integer, frames json)
       ON CONFLICT (identifier_key) DO UPDATE SET
         protocol = EXCLUDED.protocol, address = EXCLUDED.address, attempts = p.attempts + EXCLUDED.attempts,
         last_seen_at = GREATEST(p.last_seen_at, EXCLUDED.last_seen_at),
         frames = CASE WHEN cardinality(p.frames) >= ${PENDING_FRAMES_KEPT} THEN p.frames ELSE (p.frames || EXCLUDED.frames)[1:${PENDING_FRAMES_KEPT}] END`,
      [
        JSON.stringify(
          sightings.map((s) => ({
            key: s.key,
            identifier: s.identifier,
            protocol: s.protocol,
            address: s.address,
            first_at: s.firstAt,
            last_at: s.lastAt,
            attempts: s.attempts,
            frames: s.frames,
          })),
        ),
      ],
    ),

  /** Refused claims on live terminals, counted (rows locked in id order, as every multi-row write of terminals). */
  recordConflicts: (q: Queryable, conflicts: Array<{ id: number; count: number; at: number }>) =>
    q.query(
      `WITH x AS MATERIALIZED (SELECT * FROM json_to_recordset($1::json) AS x(id bigint, count integer, at double precision)),
            locked AS MATERIALIZED (SELECT id FROM terminals WHERE id IN (SELECT id FROM x) ORDER BY id FOR NO KEY UPDATE)
       UPDATE terminals t SET identity_conflicts = t.identity_conflicts + x.count, identity_conflict_at = to_timestamp(x.at / 1000.0)
         FROM x WHERE t.id = x.id AND t.id IN (SELECT id FROM locked)`,
      [JSON.stringify(conflicts)],
    ),
};
