import type { Queryable } from '../../db/types.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { PERSON_ACCOUNT_KIND, type EndUserPersona, type StoredAccountKind } from '@chelian/contracts';

/** A terminal to invite to, with the account it sits in (a person's, when it is invited already). */
export interface AssetTerminalRow {
  id: number;
  identifier: string;
  account_id: number;
  account_kind: StoredAccountKind;
  account_parent_id: number | null;
}

/** A user a phone already belongs to, and the account it is in. */
export interface PhoneUserRow {
  id: number;
  account_id: number;
  account_kind: StoredAccountKind;
  account_parent_id: number | null;
  account_path: string;
  role_id: number;
  enabled: boolean;
}

/** One live invitation of a terminal, as the operator's list shows it. */
export interface EndUserRow {
  user_id: number;
  account_id: number;
  name: string;
  phone: string;
  persona: EndUserPersona;
  identifier: string;
  invited_at: Date;
  last_login_at: Date | null;
}

export const endUsersQueries = {
  /** A pet of the caller's subtree: its collar (null when none is bound), or nothing. */
  petTerminal: async (q: Queryable, scope: string, petId: number) =>
    (
      await q.query<{ terminal_id: number | null }>(
        `SELECT p.terminal_id FROM pets p JOIN accounts a ON a.id = p.account_id WHERE p.id = $2 AND ${accountInScope('a.path', 1)}`,
        [scope, petId],
      )
    )[0],

  /** An 电单车卫士 bike of the caller's subtree: its tracker (null when none is bound), or nothing. */
  bikeTerminal: async (q: Queryable, scope: string, bikeId: number) =>
    (
      await q.query<{ terminal_id: number | null }>(
        `SELECT v.terminal_id FROM vehicles v JOIN elec_car_bikes b ON b.vehicle_id = v.id JOIN accounts a ON a.id = v.account_id
          WHERE v.id = $2 AND ${accountInScope('a.path', 1)}`,
        [scope, bikeId],
      )
    )[0],

  /** The terminals of the caller's scope among `ids`, with their accounts (unassigned ones never). */
  terminalsInScope: (q: Queryable, scope: string, ids: number[]) =>
    q.query<AssetTerminalRow>(
      `SELECT t.id, t.identifier, t.account_id, a.kind AS account_kind, a.parent_id AS account_parent_id
         FROM terminals t JOIN accounts a ON a.id = t.account_id
        WHERE t.id = ANY($1::bigint[]) AND ${terminalInScope('a.path', 2)}`,
      [ids, scope],
    ),

  userByPhone: async (q: Queryable, phone: string) =>
    (
      await q.query<PhoneUserRow>(
        `SELECT u.id, u.account_id, a.kind AS account_kind, a.parent_id AS account_parent_id, a.path AS account_path, u.role_id, u.enabled
           FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.phone = $1 ORDER BY u.id LIMIT 1`,
        [phone],
      )
    )[0],

  accountPath: async (q: Queryable, id: number) =>
    (await q.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [id]))[0]?.path,

  usernameTaken: async (q: Queryable, username: string) =>
    (await q.query('SELECT 1 FROM users WHERE username = $1', [username])).length > 0,

  insertPersonAccount: async (q: Queryable, a: { parentId: number; parentPath: string; name: string; phone: string }) => {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO accounts (parent_id, name, kind, contact, phone) VALUES ($1, $2, '${PERSON_ACCOUNT_KIND}', $2, $3) RETURNING id`,
      [a.parentId, a.name, a.phone],
    );
    const path = `${a.parentPath}${row!.id}/`;
    await q.query('UPDATE accounts SET path = $2 WHERE id = $1', [row!.id, path]);
    return { id: Number(row!.id), path };
  },

  insertRole: async (q: Queryable, accountId: number, name: string) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO roles (account_id, name, description) VALUES ($1, $2, '掌上车联邀请的个人用户') RETURNING id`,
          [accountId, name],
        )
      )[0]!.id,
    ),

  roleCodes: async (q: Queryable, roleId: number) =>
    (
      await q.query<{ code: string }>(
        'SELECT r.code FROM role_resources rr JOIN resources r ON r.id = rr.resource_id WHERE rr.role_id = $1',
        [roleId],
      )
    ).map((r) => r.code),

  addRoleCodes: (q: Queryable, roleId: number, name: string, codes: readonly string[]) =>
    Promise.all([
      q.query(
        `INSERT INTO role_resources (role_id, resource_id) SELECT $1, id FROM resources WHERE code = ANY($2::text[]) ON CONFLICT DO NOTHING`,
        [roleId, codes],
      ),
      q.query('UPDATE roles SET name = $2 WHERE id = $1', [roleId, name]),
    ]),

  insertUser: async (
    q: Queryable,
    u: { accountId: number; roleId: number; username: string; name: string; phone: string; passwordHash: string },
  ) =>
    Number(
      (
        await q.query<{ id: number }>(
          'INSERT INTO users (account_id, role_id, username, name, phone, password_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
          [u.accountId, u.roleId, u.username, u.name, u.phone, u.passwordHash],
        )
      )[0]!.id,
    ),

  enablePerson: (q: Queryable, userId: number, accountId: number) =>
    Promise.all([
      q.query('UPDATE users SET enabled = true WHERE id = $1', [userId]),
      q.query('UPDATE accounts SET enabled = true WHERE id = $1', [accountId]),
    ]),

  /** A terminal and a person's account, for 换车: the account the terminal sits in, and the one above the person's (none when it is no person's). */
  terminalBesidePerson: async (q: Queryable, terminalId: number, personAccountId: number) =>
    (
      await q.query<{ identifier: string; account_id: number; parent_id: number | null }>(
        `SELECT t.identifier, t.account_id, p.parent_id FROM terminals t, accounts p WHERE t.id = $1 AND p.id = $2 AND p.kind = '${PERSON_ACCOUNT_KIND}'`,
        [terminalId, personAccountId],
      )
    )[0],

  /** The person who last held the terminal before (a revoked invitation), if any. */
  lastHolder: async (q: Queryable, terminalId: number) =>
    (
      await q.query<{ person_account_id: number }>(
        'SELECT person_account_id FROM end_user_assets WHERE terminal_id = $1 ORDER BY id DESC LIMIT 1',
        [terminalId],
      )
    )[0]?.person_account_id,

  /** A true change of hands between two people: what the terminal said before now is not the new person's. */
  cutHistory: (q: Queryable, terminalId: number) =>
    q.query(`UPDATE terminals SET handed_over_at = date_trunc('second', now()) WHERE id = $1`, [terminalId]),

  /** The terminal and the pet or vehicle it sits in go into `accountId` (the trigger of 0060 keeps it a non-hand-over). */
  moveAsset: async (q: Queryable, terminalId: number, accountId: number) => {
    await q.query('UPDATE pets SET account_id = $2 WHERE terminal_id = $1', [terminalId, accountId]);
    await q.query('UPDATE vehicles SET account_id = $2 WHERE terminal_id = $1', [terminalId, accountId]);
    await q.query('UPDATE terminals SET account_id = $2 WHERE id = $1', [terminalId, accountId]);
  },

  /**
   * The terminal's live invitation is now the person's. One left from before (the terminal moved
   * out of a person's account by another page, e.g. 终端管理) ends here: a terminal has one holder.
   */
  recordInvitation: async (q: Queryable, personAccountId: number, terminalId: number, persona: string, invitedBy: number | null) => {
    await q.query(
      'UPDATE end_user_assets SET revoked_at = now() WHERE terminal_id = $1 AND revoked_at IS NULL AND person_account_id <> $2',
      [terminalId, personAccountId],
    );
    await q.query(
      `INSERT INTO end_user_assets (person_account_id, terminal_id, persona, invited_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (terminal_id) WHERE revoked_at IS NULL DO NOTHING`,
      [personAccountId, terminalId, persona, invitedBy],
    );
  },

  /** Marks the live invitation of the terminal revoked; returns its row, or nothing when none was live. */
  revokeInvitation: async (q: Queryable, personAccountId: number, terminalId: number) =>
    (
      await q.query<{ id: number }>(
        'UPDATE end_user_assets SET revoked_at = now() WHERE person_account_id = $1 AND terminal_id = $2 AND revoked_at IS NULL RETURNING id',
        [personAccountId, terminalId],
      )
    )[0],

  liveAssetCount: async (q: Queryable, personAccountId: number) =>
    Number(
      (
        await q.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM end_user_assets e JOIN terminals t ON t.id = e.terminal_id AND t.account_id = e.person_account_id
            WHERE e.person_account_id = $1 AND e.revoked_at IS NULL`,
          [personAccountId],
        )
      )[0]!.n,
    ),

  disablePerson: async (q: Queryable, userId: number) => {
    await q.query('UPDATE users SET enabled = false WHERE id = $1', [userId]);
    await q.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  },

  /** The people a terminal is invited to now (the terminal still in their account). */
  usersOfTerminal: (q: Queryable, terminalId: number) =>
    q.query<EndUserRow>(
      `SELECT u.id AS user_id, u.account_id, a.name, u.phone, e.persona, t.identifier, e.invited_at, u.last_login_at
         FROM end_user_assets e
         JOIN terminals t ON t.id = e.terminal_id AND t.account_id = e.person_account_id
         JOIN accounts a ON a.id = e.person_account_id
         JOIN users u ON u.account_id = a.id
        WHERE e.terminal_id = $1 AND e.revoked_at IS NULL
        ORDER BY e.id`,
      [terminalId],
    ),

  /** One person as the invite answers them, for one terminal. */
  endUserOf: async (q: Queryable, userId: number, terminalId: number, persona: string) =>
    (
      await q.query<EndUserRow>(
        `SELECT u.id AS user_id, u.account_id, a.name, u.phone, COALESCE(e.persona, $3) AS persona, t.identifier,
                COALESCE(e.invited_at, now()) AS invited_at, u.last_login_at
           FROM users u JOIN accounts a ON a.id = u.account_id JOIN terminals t ON t.id = $2
           LEFT JOIN LATERAL (SELECT persona, invited_at FROM end_user_assets x
                               WHERE x.terminal_id = t.id AND x.person_account_id = u.account_id ORDER BY x.id DESC LIMIT 1) e ON true
          WHERE u.id = $1`,
        [userId, terminalId, persona],
      )
    )[0]!,

  /** The 个人用户 account the terminal sits in, if it does, and the account above it. */
  personHolding: (q: Queryable, terminalId: number) =>
    q.query<{ account_id: number; parent_id: number; identifier: string }>(
      `SELECT a.id AS account_id, a.parent_id, t.identifier FROM terminals t JOIN accounts a ON a.id = t.account_id
        WHERE t.id = $1 AND a.kind = '${PERSON_ACCOUNT_KIND}' AND a.parent_id IS NOT NULL`,
      [terminalId],
    ),

  /** The person's user, when `userId` is a user of a 个人用户 account. */
  personUser: async (q: Queryable, userId: number) =>
    (
      await q.query<{ id: number; account_id: number; parent_id: number }>(
        `SELECT u.id, u.account_id, a.parent_id FROM users u JOIN accounts a ON a.id = u.account_id
          WHERE u.id = $1 AND a.kind = '${PERSON_ACCOUNT_KIND}'`,
        [userId],
      )
    )[0],

  /** Pet owners get their pet's safe-zone alarms, e-bike owners their bike's guard alarms, by SMS on their own phone (docs/end-users.md). */
  smsAlarmsTo: async (q: Queryable, accountId: number, phone: string, alarmTypes: readonly string[]) => {
    await q.query(
      `INSERT INTO alarm_push_targets (account_id, sms_phones) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET sms_phones = EXCLUDED.sms_phones, updated_at = now()`,
      [accountId, phone],
    );
    await q.query(
      `INSERT INTO alarm_push (account_id, alarm_type, enabled, channels, min_interval_minutes)
       SELECT $1, t, true, 'web,sms', 5 FROM unnest($2::text[]) AS t
       ON CONFLICT (account_id, alarm_type) DO NOTHING`,
      [accountId, alarmTypes],
    );
  },
};
