import { lazy } from 'react';
import { BellOutline, TruckOutline } from 'antd-mobile-icons';
import type { PersonaModule } from '../app/personaTypes.ts';
import { O } from './texts.ts';

const FleetPage = lazy(() => import('./FleetPage.tsx'));
const VehicleLivePage = lazy(() => import('./VehicleLivePage.tsx'));
const AlarmsPage = lazy(() => import('./AlarmsPage.tsx'));

/** An operator on the move: the fleet (search, live view, commands) and the alarms to handle. */
const operatorPersona: PersonaModule = {
  key: 'operator',
  order: 10,
  tabs: [
    { key: 'fleet', title: O.tabs.fleet, icon: <TruckOutline />, path: '/fleet' },
    // 报警 for a role that holds 报警中心 (car:alarm), as on the desktop
    {
      key: 'alarms',
      title: O.tabs.alarms,
      icon: <BellOutline />,
      path: '/alarms',
      visible: ({ permissions }) => permissions.menuCodes.has('car:alarm'),
    },
  ],
  routes: [
    { path: 'fleet', element: <FleetPage /> },
    { path: 'fleet/:terminalId', element: <VehicleLivePage /> },
    { path: 'alarms', element: <AlarmsPage /> },
  ],
  visible: ({ systems, permissions }) => systems.has('car') && permissions.menuCodes.has('car:monitor'),
};

export default operatorPersona;
