import type { AssetKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';

/** A terminal the import registers: text columns, its expiry as ISO text or null (none). */
export interface ImportedTerminal {
  identifier: string;
  identifierKey: string;
  protocol: string;
  model: string;
  sim: string;
  serviceExpiresAt: string | null;
  remark: string;
}

/** A known terminal the import claims: null fields keep their value. */
export interface ClaimedTerminal {
  id: number;
  protocol: string;
  model: string | null;
  sim: string | null;
  serviceExpiresAt: string | null;
  remark: string | null;
}

export interface ImportedVehicle {
  groupId: number | null;
  terminalId: number | null;
  name: string;
  plate: string;
  plateColor: number;
  type: AssetKind;
  driver: string;
  driverPhone: string;
  remark: string;
}

const column = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((r) => r[key]);

/**
 * The import's writes, each one statement however many rows (arrays unnested on the server), so a
 * 10 000-row sheet costs a handful of round trips. A row that lost a race with another write
 * (identifier or plate taken meanwhile) is skipped by ON CONFLICT and missing from what comes back:
 * the service compares counts and rolls the whole import back.
 */
export const importQueries = {
  /** Groups by name, created at the top level of the account. */
  insertGroups: (q: Queryable, accountId: number, names: string[]) =>
    q.query<{ id: number; name: string }>(
      `INSERT INTO vehicle_groups (account_id, parent_id, name, sort) SELECT $1, NULL, n, 0 FROM unnest($2::text[]) AS n RETURNING id, name`,
      [accountId, names],
    ),

  insertTerminals: (q: Queryable, accountId: number, rows: readonly ImportedTerminal[]) =>
    q.query<{ id: number; identifier_key: string }>(
      `INSERT INTO terminals (identifier, identifier_key, protocol, model, sim, account_id, assigned_at, service_expires_at, remark)
       SELECT x.identifier, x.key, x.protocol, x.model, x.sim, $1, now(), x.expires::timestamptz, x.remark
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
              AS x(identifier, key, protocol, model, sim, expires, remark)
       ON CONFLICT (identifier_key) DO NOTHING RETURNING id, identifier_key`,
      [
        accountId,
        column(rows, 'identifier'),
        column(rows, 'identifierKey'),
        column(rows, 'protocol'),
        column(rows, 'model'),
        column(rows, 'sim'),
        column(rows, 'serviceExpiresAt'),
        column(rows, 'remark'),
      ],
    ),

  /** Moves known terminals into the account (a new owner's history starts now) and sets what the sheet gives. */
  claimTerminals: (q: Queryable, accountId: number, rows: readonly ClaimedTerminal[]) =>
    q.query<{ id: number }>(
      `UPDATE terminals t
          SET account_id = $1, assigned_at = CASE WHEN t.account_id IS DISTINCT FROM $1 THEN now() ELSE t.assigned_at END,
              protocol = x.protocol, model = COALESCE(x.model, t.model), sim = COALESCE(x.sim, t.sim),
              service_expires_at = COALESCE(x.expires::timestamptz, t.service_expires_at), remark = COALESCE(x.remark, t.remark)
         FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS x(id, protocol, model, sim, expires, remark)
        WHERE t.id = x.id RETURNING t.id`,
      [
        accountId,
        column(rows, 'id'),
        column(rows, 'protocol'),
        column(rows, 'model'),
        column(rows, 'sim'),
        column(rows, 'serviceExpiresAt'),
        column(rows, 'remark'),
      ],
    ),

  insertVehicles: (q: Queryable, accountId: number, rows: readonly ImportedVehicle[]) =>
    q.query<{ id: number }>(
      `INSERT INTO vehicles (account_id, group_id, terminal_id, name, plate, plate_color, type, driver, driver_phone, remark)
       SELECT $1, x.group_id, x.terminal_id, x.name, x.plate, x.plate_color, x.type, x.driver, x.driver_phone, x.remark
         FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::smallint[], $7::text[], $8::text[], $9::text[], $10::text[])
              AS x(group_id, terminal_id, name, plate, plate_color, type, driver, driver_phone, remark)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        accountId,
        column(rows, 'groupId'),
        column(rows, 'terminalId'),
        column(rows, 'name'),
        column(rows, 'plate'),
        column(rows, 'plateColor'),
        column(rows, 'type'),
        column(rows, 'driver'),
        column(rows, 'driverPhone'),
        column(rows, 'remark'),
      ],
    ),
};
