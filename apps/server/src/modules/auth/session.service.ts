import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/types.ts';
import { authQueries } from './auth.queries.ts';
import type { SessionResolver, SessionUser } from '../../core/sessionUser.ts';

// Writing last_seen_at on every request would make every read a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

/** The user a queued job runs for, with the rights it has now; null when disabled or gone. */
export async function activeSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const row = await authQueries.activeUser(db, userId);
  if (!row) return null;
  const permissions = new Set(await authQueries.roleCodes(db, row.role_id));
  return {
    userId: row.user_id,
    username: row.username,
    accountId: row.account_id,
    accountPath: row.account_path,
    roleId: row.role_id,
    isPlatformAdmin: row.is_platform_admin,
    permissions,
  };
}

export class SessionService implements SessionResolver {
  constructor(
    private readonly db: Db,
    private readonly idleMinutes: number,
    private readonly maxHours: number,
    /** Open sessions a user keeps; a login past it ends the oldest (0: no cap). */
    private readonly maxPerUser = 0,
  ) {}

  async create(userId: number, ip: string, userAgent: string): Promise<string> {
    const id = randomBytes(24).toString('hex'); // 192 bits
    await authQueries.insertSession(this.db, { id, userId, maxHours: this.maxHours, ip, userAgent: userAgent.slice(0, 300) });
    if (this.maxPerUser > 0) await authQueries.trimSessions(this.db, userId, this.maxPerUser);
    await authQueries.recordLogin(this.db, userId, ip);
    return id;
  }

  /** The live session's user, or null when it is unknown, idle too long or past its absolute limit. */
  async resolve(sessionId: string | undefined): Promise<SessionUser | null> {
    if (!sessionId || sessionId.length > 128 || !/^[A-Za-z0-9_-]+$/.test(sessionId)) return null;
    const row = await authQueries.sessionWithUser(this.db, sessionId);
    if (!row) return null;
    const now = Date.now();
    const idleMs = this.idleMinutes * 60_000;
    if (row.expires_at.getTime() <= now || now - row.last_seen_at.getTime() > idleMs) {
      await authQueries.deleteSession(this.db, sessionId);
      return null;
    }
    if (now - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) await authQueries.touchSession(this.db, sessionId);
    const permissions = new Set(row.codes);
    return {
      userId: row.user_id,
      username: row.username,
      accountId: row.account_id,
      accountPath: row.account_path,
      roleId: row.role_id,
      isPlatformAdmin: row.is_platform_admin,
      permissions,
    };
  }

  end(sessionId: string) {
    return authQueries.deleteSession(this.db, sessionId);
  }

  endOthers(userId: number, keepSessionId: string) {
    return authQueries.deleteOtherSessions(this.db, userId, keepSessionId);
  }
}
