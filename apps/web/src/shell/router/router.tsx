import { createBrowserRouter } from 'react-router';
import { progress } from '../../shared/progress/progress.ts';
import { ShellRoot } from '../ShellRoot.tsx';
import { RouteErrorPage } from '../pages/RouteErrorPage.tsx';
import { fallbackRoute, shellRoutes, subProductRoutes } from './routes.tsx';

/** History-mode router of the shell; the progress bar follows every navigation. */
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: ShellRoot,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => null,
    children: [...shellRoutes, ...subProductRoutes, fallbackRoute],
  },
]);

let running = false;
router.subscribe((state) => {
  const busy = state.navigation.state !== 'idle';
  if (busy && !running) {
    running = true;
    progress.start();
  } else if (!busy && running) {
    running = false;
    progress.done();
  }
});

/**
 * Goes to /login from outside React (request layer), once even if many calls expire together;
 * ?redirect brings the user back to this page after logging in. Should another navigation
 * overtake this one (a click, a page's own redirect), the page is loaded at /login instead.
 */
export function goLogin(): void {
  const { location, navigation } = router.state;
  if ((navigation.location?.pathname ?? location.pathname) === '/login') return;
  const here = location.pathname + location.search;
  const target = here === '/' || here.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
  void router.navigate(target).then(() => {
    if (router.state.location.pathname !== '/login' && router.state.navigation.state === 'idle') window.location.assign(target);
  });
}
