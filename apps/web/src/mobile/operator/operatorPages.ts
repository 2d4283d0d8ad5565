import { kitPage } from '../app/kitPage.ts';

// The operator's pages drawn with antd-mobile (m-pages, with the kit): loaded when first shown.
const loadLive = () => import('./VehicleLivePage.tsx').then((m) => m.default);
export const VehicleLivePage = kitPage(loadLive);
export const AlarmsPage = kitPage(() => import('./AlarmsPage.tsx').then((m) => m.default));

let preloaded = false;
/** The live view's code (and with it the kit), asked for once 车队 is on screen, when the phone is idle. */
export function preloadLivePage(): void {
  if (preloaded) return;
  preloaded = true;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  idle(() => void loadLive().catch(() => undefined));
}
