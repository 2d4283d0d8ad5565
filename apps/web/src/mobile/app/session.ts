import { accountEndpoints, authEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { sessionStarted } from '../../shared/request/effects.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import type { PersonaContext } from './personaTypes.ts';

/**
 * The phone's session: the same sessionId, USER and resource tree the desktop keeps (in
 * localStorage, so it survives an app restart), loaded the same way after login or a restart.
 */
export async function startSession(sessionId: string): Promise<PersonaContext> {
  useClientStore.getState().setSession(sessionId);
  sessionStarted();
  usePermissionStore.getState().reset();
  return loadSession();
}

/** The user, the role's resources and its sub-products; throws when the session is gone. */
export async function loadSession(): Promise<PersonaContext> {
  const [user, resources, platforms] = await Promise.all([
    call(accountEndpoints.currentUser, undefined, { silent: true }),
    usePermissionStore.getState().loadResources(),
    call(accountEndpoints.platforms, undefined, { silent: true }).catch(() => []),
  ]);
  useClientStore.getState().setUser(user);
  void resources;
  const systems = new Set((platforms ?? []).filter((p) => p.enabled !== false).map((p) => String(p.systemId)));
  return { user, permissions: usePermissionStore.getState().sets, systems };
}

export function hasSession(): boolean {
  return Boolean(useClientStore.getState().sessionId);
}

/** 退出登录: ends the server session, forgets it here. */
export async function endSession(): Promise<void> {
  try {
    await call(authEndpoints.logout, undefined, { silent: true });
  } catch {
    /* already gone */
  }
  useClientStore.getState().fullLogout();
  usePermissionStore.getState().reset();
}

/** A 4010 met on a call: the session is forgotten (the next start asks to log in). */
export function forgetSession(): void {
  useClientStore.getState().clearSession();
  usePermissionStore.getState().reset();
}
