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

/** Goes to /login from outside React (request layer), once even if many calls expire together. */
export function goLogin(): void {
  const current = router.state.navigation.location?.pathname ?? router.state.location.pathname;
  if (current === '/login') return;
  void router.navigate('/login');
}
