/** Route meta of spec §2/§4. */
export interface RouteMeta {
  title?: string;
  /** false: the route requires authentication and skips the menu check (spec §4) */
  ignoreAuth?: boolean;
  /** menu id the route belongs to (1601 for /center) */
  menuId?: number;
  /** hide the main layout */
  hideLayout?: boolean;
  /** shown inside the main layout even though it is a shell route */
  mainPage?: boolean;
}

export type GuardResult = 'allow' | 'login';

export const LOGIN_PATH = '/login';

/**
 * Spec §4 menu rule: on /login nothing is fetched; a route with ignoreAuth false skips the menu
 * check; every other route needs a non-empty permitted menu, fetching the resources when the
 * map is empty and sending the user to /login when it stays empty.
 */
export async function checkMenuAccess(input: {
  pathname: string;
  meta: RouteMeta | undefined;
  menuCount: () => number;
  fetchResources: () => Promise<unknown>;
}): Promise<GuardResult> {
  if (input.pathname === LOGIN_PATH) return 'allow';
  if (input.meta?.ignoreAuth === false) return 'allow';
  if (input.menuCount() > 0) return 'allow';
  try {
    await input.fetchResources();
  } catch {
    return 'login';
  }
  return input.menuCount() > 0 ? 'allow' : 'login';
}
