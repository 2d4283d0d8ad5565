import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../shared/ui/AppProviders.tsx';
import { installBodyScale } from '../shared/scale/scale.ts';
import { setPlatformId } from '../shared/request/http.ts';
import { progress } from '../shared/progress/progress.ts';
import { assistantConfigured } from '../shared/config/runtimeConfig.ts';
import type { ChildSystemId } from '../shared/systems/childSystems.ts';
import { CHILD, goTop } from './childContext.ts';
import { installChildBridge, postToShell } from './bridge/childBridge.ts';
import { CHILD_SYSTEM_DEFINITIONS } from './systems/registry.ts';
import { ChildRoot } from './ChildRoot.tsx';
import '../shared/ui/global.css';
import './child.css';

setPlatformId(CHILD.sys.platformId);
const definition = CHILD_SYSTEM_DEFINITIONS[CHILD.sys.systemId as ChildSystemId];
// A public page (a form a phone opens from a QR code) keeps the device's own size.
const publicPage = (definition.publicRoutes ?? []).some((r) => window.location.pathname === `/child/${CHILD.sys.systemId}/${r.path}`);
// Inside the shell the frame is already scaled with the shell's body; alone, scale this page.
if (!CHILD.embedded && !publicPage) installBodyScale();
// The shell draws the AI智能助手 launcher over this frame's bottom-right corner unless its header docks it
// (shell/layout/AssistantSlot.tsx): only then global.css keeps pages clear of it.
if (CHILD.embedded && assistantConfigured() && !shellDocksAssistant()) document.documentElement.dataset.assistant = 'shell';

function shellDocksAssistant(): boolean {
  try {
    return Boolean(window.parent.document.querySelector('.cl-assistant-slot'));
  } catch {
    return false; // a parent of another origin: no shell of ours
  }
}

const router = createBrowserRouter(
  [
    {
      Component: ChildRoot,
      children: [
        ...definition.routes,
        { path: '*', lazy: async () => ({ Component: (await import('./pages/ModulePage.tsx')).ModulePage }) },
      ],
    },
    ...(definition.publicRoutes ?? []),
  ],
  { basename: `/child/${CHILD.sys.systemId}` },
);

router.subscribe((state) => (state.navigation.state === 'idle' ? progress.done() : progress.start()));
installChildBridge((path, replace) => void router.navigate(path, { replace }));

// Inside the shell a 4010 is the shell's to show: one 会话过期 dialog over the page, whose 登录 returns to it.
const onSessionExpired = CHILD.embedded ? () => postToShell('sessionExpired', {}) : undefined;
// ?redirect: the page the user is on (inside the shell, the shell's address mirrors the frame's page).
const here = () => (CHILD.embedded ? window.parent.location : window.location);
const goLogin = () => goTop(`/login?redirect=${encodeURIComponent(here().pathname + here().search)}`);

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <AppProviders goLogin={goLogin} onSessionExpired={onSessionExpired}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
