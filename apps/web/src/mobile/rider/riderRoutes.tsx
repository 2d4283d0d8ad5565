import type { PersonaModule } from '../app/personaTypes.ts';
import { kitPage } from '../app/kitPage.ts';
import { RD } from './texts.ts';

/** A key on a tag, the 租车 tab's icon (currentColor, so the tab bar colours it). */
function LeaseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="M7 10h6M7 14h4M16.5 12.5a1.5 1.5 0 1 0 0-.01" strokeLinecap="round" />
    </svg>
  );
}

// React.lazy elements (kitPage): the shell's useRoutes renders `element` (a data router's `lazy` is not run there).
const RiderHome = kitPage(() => import('./RiderHome.tsx').then((m) => m.RiderHome));
const RiderBillsPage = kitPage(() => import('./RiderBillsPage.tsx').then((m) => m.RiderBillsPage));
const RiderAreaPage = kitPage(() => import('./RiderAreaPage.tsx').then((m) => m.RiderAreaPage));

/**
 * 电单车租赁 for the rider (docs/payments.md): my contract, plan and bike, the overdue and lock state
 * in words, bills paid online, the service area, the return. Shown to a person who may open
 * 电单车租赁 but runs no orders (the rider preset; an operator who handles orders is not a rider).
 */
const riderPersona: PersonaModule = {
  key: 'rider',
  order: 40,
  tabs: [{ key: 'rider', title: RD.tab, icon: <LeaseIcon />, path: '/rider' }],
  routes: [
    { path: 'rider', element: <RiderHome /> },
    { path: 'rider/bills', element: <RiderBillsPage /> },
    { path: 'rider/area', element: <RiderAreaPage /> },
  ],
  visible: ({ systems, permissions }) => systems.has('elec-lease') && !permissions.menuCodes.has('lease:order'),
};

export default riderPersona;
