/**
 * The request layer lives outside React: it reaches the router through this one hook-up
 * (set by the app's root), so an expired session goes to login and back without a reload.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateTo: Navigate = (to) => window.location.assign(`/m${to}`);

export function setNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

/** The page the user was on (inside /m/), for ?redirect. */
export function currentInAppPath(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  const path = location.pathname.replace(/^\/m(?=\/|$)/, '') || '/';
  return `${path}${location.search}`;
}

/** Login with a way back: /login?redirect=<where the user was>. */
export function loginPathFor(from: string): string {
  if (!from || from === '/' || from.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(from)}`;
}

/** A safe in-app path from ?redirect (never another site, never login itself). */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith(LOGIN_PATH)) return HOME_PATH;
  return value;
}

/** To login with the way back; several calls failing at once leave the first way back as it is. */
export function goLogin(): void {
  const from = currentInAppPath();
  if (from.startsWith(LOGIN_PATH)) return;
  navigateTo(loginPathFor(from), { replace: true });
}

export function go(to: string, options?: { replace?: boolean }): void {
  navigateTo(to, options);
}
