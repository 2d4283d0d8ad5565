import type { PersonaModule } from '../app/personaTypes.ts';
import { BellIcon, TruckIcon } from '../app/TabIcons.tsx';
// 车队 with the tabs (plain markup, m-start); the other pages with the component library, when first shown
import FleetPage from './FleetPage.tsx';
import { AlarmsPage, VehicleLivePage } from './operatorPages.ts';
import { O } from './texts.ts';

/** An operator on the move: the fleet (search, live view, commands) and the alarms to handle. */
const operatorPersona: PersonaModule = {
  key: 'operator',
  order: 10,
  tabs: [
    { key: 'fleet', title: O.tabs.fleet, icon: <TruckIcon />, path: '/fleet' },
    // 报警 for a role that holds 报警中心 (car:alarm), as on the desktop
    {
      key: 'alarms',
      title: O.tabs.alarms,
      icon: <BellIcon />,
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
