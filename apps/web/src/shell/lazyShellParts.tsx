import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useUiStore } from '../shared/stores/uiStore.ts';
import { useClientStore } from '../shared/stores/clientStore.ts';
import { assistantConfigured } from '../shared/config/runtimeConfig.ts';

// The shell's parts that the login page never draws, each fetched when first needed, so the first
// visit of /login downloads only the login form (the budget test in e2e/delivery.e2e.ts holds it).

/** The main layout's chunk; sub-product routes load it beside their page, while the guard runs. */
export const loadMainLayout = () => import('./layout/MainLayout.tsx');
/** The home page's chunk (its route loads it; the login page fetches it ahead, see prefetchHome). */
export const loadHomePage = () => import('./pages/HomePage.tsx');

const MainLayout = lazy(async () => ({ default: (await loadMainLayout()).MainLayout }));
const ImageViewer = lazy(async () => ({ default: (await import('../shared/dialogs/ImageViewer.tsx')).ImageViewer }));
const ShellAlarmTip = lazy(async () => ({ default: (await import('./ShellAlarmTip.tsx')).ShellAlarmTip }));
const AssistantLoader = lazy(async () => ({ default: (await import('./assistant/AssistantLoader.tsx')).AssistantLoader }));
const VehicleInfoDialog = lazy(async () => {
  const [dialog, panel] = await Promise.all([
    import('../shared/dialogs/VehicleInfoDialog.tsx'),
    import('../shared/vehicle/LazyCarVehiclePanel.tsx'),
  ]);
  // the full vehicle view (shared/vehicle/), the one the car sub-product's own dialog shows
  dialog.registerVehiclePanel(panel.LazyCarVehiclePanel);
  return { default: dialog.VehicleInfoDialog };
});

/** The main layout (header, navigation, selectors) around `children`, once its chunk is in. */
export function LazyMainLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <MainLayout>{children}</MainLayout>
    </Suspense>
  );
}

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 1000);
}

/**
 * After login the layout is fetched in the background once the page is idle (not while the home
 * page is being drawn), so opening a sub-product does not wait for it.
 */
export function prefetchMainLayout(): void {
  whenIdle(() => void loadMainLayout().catch(() => undefined));
}

let homeFetched = false;
/**
 * The login form calls this when the user starts on it (first focus): the home page's code
 * arrives while they type, not after they click 登录. Nothing of it is fetched for a login page
 * that is only looked at, so the page's own first load stays within its budget.
 */
export function prefetchHome(): void {
  if (homeFetched) return;
  homeFetched = true;
  void loadHomePage().catch(() => (homeFetched = false));
}

/** Renders `children` from the first time `open` is true on (a dialog's chunk loads when it is first opened). */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function LazyImageViewer() {
  const open = useUiStore((s) => s.image.open);
  return (
    <OnceOpened open={open}>
      <ImageViewer />
    </OnceOpened>
  );
}

export function LazyVehicleInfoDialog() {
  const open = useUiStore((s) => s.vehicle.open);
  return (
    <OnceOpened open={open}>
      <VehicleInfoDialog />
    </OnceOpened>
  );
}

/**
 * The logged-in user's extras, each fetched once it has something to do: the alarm tip when the
 * first unhandled alarm is counted (it starts from 0 either way, so it beeps as before), the
 * assistant when both AI addresses are configured.
 */
export function LazyLoggedInParts() {
  const alarms = useClientStore((s) => s.alarmRealTime.total > 0);
  const [tipShown, setTipShown] = useState(alarms);
  useEffect(() => {
    if (alarms) setTipShown(true);
  }, [alarms]);
  return (
    <Suspense fallback={null}>
      {(tipShown || alarms) && <ShellAlarmTip />}
      {assistantConfigured() && <AssistantLoader />}
    </Suspense>
  );
}
