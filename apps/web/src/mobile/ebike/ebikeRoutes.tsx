import type { PersonaModule } from '../app/personaTypes.ts';
import { kitPage } from '../app/kitPage.ts';
import { EB } from './texts.ts';

/** An e-bike's side view, the 电单车 tab's icon (currentColor, so the tab bar colours it). */
function BikeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="5.5" cy="16.5" r="3.5" />
      <circle cx="18.5" cy="16.5" r="3.5" />
      <path d="M5.5 16.5 9 9h6l3.5 7.5M9 9 7.5 6H5M15 9l-2.5 7.5h-7M14 6h3l1.5 3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

// the pages come with the component library when first shown (m-pages): the module itself stays light (it is loaded to ask visible)
const BikeHome = kitPage(() => import('./BikeHome.tsx').then((m) => m.BikeHome));
const BikeTripsPage = kitPage(() => import('./BikeTripsPage.tsx').then((m) => m.BikeTripsPage));
const BikeAlarmsPage = kitPage(() => import('./BikeAlarmsPage.tsx').then((m) => m.BikeAlarmsPage));

/**
 * 电单车卫士 for the e-bike owner (docs/mobile.md): battery and range, arm and disarm, find, the safe
 * power cut, where it is; trips and alarms. Shown to a user who may open 电单车卫士 and has its 车辆监控.
 */
const ebikePersona: PersonaModule = {
  key: 'ebike',
  order: 30,
  tabs: [{ key: 'ebike', title: EB.tab, icon: <BikeIcon />, path: '/ebike' }],
  routes: [
    { path: 'ebike', element: <BikeHome /> },
    { path: 'ebike/trips', element: <BikeTripsPage /> },
    { path: 'ebike/alarms', element: <BikeAlarmsPage /> },
  ],
  visible: ({ systems, permissions }) => systems.has('elec-car') && permissions.menuCodes.has('elecCar:monitor'),
};

export default ebikePersona;
