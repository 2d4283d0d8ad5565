import { lazy } from 'react';
import { AppOutline } from 'antd-mobile-icons';
import type { PersonaModule } from '../app/personaTypes.ts';

// Placeholder of 电单车卫士 (m-consumer): replace with the real pages (docs/mobile.md, 加一个角色的页面).
const ComingSoon = lazy(() => import('../shared/ComingSoon.tsx'));

const ebikePersona: PersonaModule = {
  key: 'ebike',
  order: 30,
  tabs: [{ key: 'ebike', title: '电单车', icon: <AppOutline />, path: '/ebike' }],
  routes: [{ path: 'ebike', element: <ComingSoon title="电单车" /> }],
  visible: ({ systems }) => systems.has('elec-car'),
};

export default ebikePersona;
