import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useUiStore } from '../shared/stores/uiStore.ts';

// The shell's parts that the login page never draws, each fetched when first needed, so the first
// visit of /login downloads only the login form (the budget test in e2e/delivery.e2e.ts holds it).

const loadMainLayout = () => import('./layout/MainLayout.tsx');

const MainLayout = lazy(async () => ({ default: (await loadMainLayout()).MainLayout }));
const ImageViewer = lazy(async () => ({ default: (await import('../shared/dialogs/ImageViewer.tsx')).ImageViewer }));
const AlarmTip = lazy(async () => ({ default: (await import('../shared/dialogs/AlarmTip.tsx')).AlarmTip }));
const AssistantLoader = lazy(async () => ({ default: (await import('./assistant/AssistantLoader.tsx')).AssistantLoader }));
const VehicleInfoDialog = lazy(async () => {
  const [dialog, car] = await Promise.all([import('../shared/dialogs/VehicleInfoDialog.tsx'), import('../car/vehicle/LazyCarVehiclePanel.tsx')]);
  // the vehicle-info dialog shows the car sub-product's full vehicle view
  dialog.registerVehiclePanel(car.LazyCarVehiclePanel);
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

/** After login the layout is fetched in the background, so opening a sub-product does not wait for it. */
export function prefetchMainLayout(): void {
  void loadMainLayout().catch(() => undefined);
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

/** The logged-in user's extras: the alarm tip and the assistant. */
export function LazyLoggedInParts({ onViewAlarms }: { onViewAlarms: () => void }) {
  return (
    <Suspense fallback={null}>
      <AlarmTip onView={onViewAlarms} />
      <AssistantLoader />
    </Suspense>
  );
}
