/** Who is calling: the session's user as every layer sees it (made by modules/auth/session.service.ts). */
export interface SessionUser {
  userId: number;
  username: string;
  accountId: number;
  /** '/1/5/9/': the caller may see its own account and everything below. */
  accountPath: string;
  roleId: number;
  isPlatformAdmin: boolean;
  permissions: ReadonlySet<string>;
}

/** What the HTTP layer needs of sessions: the user of a live session id, or null. */
export interface SessionResolver {
  resolve(sessionId: string | undefined): Promise<SessionUser | null>;
}
