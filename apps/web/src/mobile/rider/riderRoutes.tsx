import { lazy } from 'react';
import { AppOutline } from 'antd-mobile-icons';
import type { PersonaModule } from '../app/personaTypes.ts';

// Placeholder of 电单车租赁 (m-rider): replace with the real pages (docs/mobile.md, 加一个角色的页面).
const ComingSoon = lazy(() => import('../shared/ComingSoon.tsx'));

const riderPersona: PersonaModule = {
  key: 'rider',
  order: 40,
  tabs: [{ key: 'rider', title: '租车', icon: <AppOutline />, path: '/rider' }],
  routes: [{ path: 'rider', element: <ComingSoon title="租车" /> }],
  visible: ({ systems }) => systems.has('elec-lease'),
};

export default riderPersona;
