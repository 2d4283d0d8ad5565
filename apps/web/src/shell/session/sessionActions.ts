import { accountEndpoints, authEndpoints, SUB_SYSTEMS, systemEndpoints, type SubSystem } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { toast } from '../../shared/ui/toast.ts';
import { errorText } from '../../shared/request/RequestError.ts';
import { T } from '../../shared/i18n/messages.ts';
import { sessionStarted } from '../../shared/request/effects.ts';

/** Loads the user after a login or a reload; errors show as one error toast (spec §8). */
export async function loadUser(): Promise<boolean> {
  try {
    const user = await call(accountEndpoints.currentUser, undefined, { silent: true });
    useClientStore.getState().setUser(user);
    return true;
  } catch (error) {
    toast.error(errorText(error, T.request.networkError));
    return false;
  }
}

/** The sub-products the role may open, in catalogue order, as systemList. */
export async function loadPlatforms(): Promise<SubSystem[]> {
  try {
    const list = await call(accountEndpoints.platforms, undefined, { silent: true });
    const allowed = new Set((list ?? []).filter((s) => s.enabled !== false).map((s) => s.systemId));
    const systems = SUB_SYSTEMS.filter((s) => allowed.has(s.systemId)).map((s) => ({
      ...s,
      ...list.find((l) => l.systemId === s.systemId),
    }));
    useClientStore.getState().update({ systemList: systems });
    return systems;
  } catch {
    return useClientStore.getState().systemList;
  }
}

/** The server's dictionaries (alarm types, …), kept as `dictionary` for every page of the session. */
export async function loadDictionary(): Promise<void> {
  try {
    useClientStore.getState().update({ dictionary: (await call(systemEndpoints.dictionary, {}, { silent: true })) ?? {} });
  } catch {
    /* pages fall back to the names the server sends with each row */
  }
}

/** Flag 1: store sessionId, load the user (USER), then the role's resources and platforms. */
export async function completeLogin(sessionId: string): Promise<boolean> {
  const client = useClientStore.getState();
  client.setSession(sessionId);
  sessionStarted();
  usePermissionStore.getState().reset();
  if (!(await loadUser())) return false;
  await Promise.all([
    usePermissionStore
      .getState()
      .loadResources()
      .catch(() => []),
    loadPlatforms(),
    loadDictionary(),
  ]);
  return true;
}

/** Full logout (spec §4): end the server session, clear the spec's keys and the permissions. */
export async function logout(): Promise<void> {
  try {
    await call(authEndpoints.logout, undefined, { silent: true });
  } catch {
    /* the session may already be gone */
  }
  useClientStore.getState().fullLogout();
  usePermissionStore.getState().reset();
}

let bootstrapping: Promise<void> | null = null;

/** A reload with a stored session: fetch the user and platforms if they are not known yet. */
export function bootstrapSession(): Promise<void> {
  const state = useClientStore.getState();
  if (!state.sessionId) return Promise.resolve();
  bootstrapping ??= (async () => {
    if (!state.user) await loadUser();
    if (useClientStore.getState().systemList.length === 0) await loadPlatforms();
    if (Object.keys(useClientStore.getState().dictionary).length === 0) await loadDictionary();
  })().finally(() => {
    bootstrapping = null;
  });
  return bootstrapping;
}
