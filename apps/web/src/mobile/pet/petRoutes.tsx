import { lazy } from 'react';
import { AppOutline } from 'antd-mobile-icons';
import type { PersonaModule } from '../app/personaTypes.ts';

// Placeholder of 宠物卫士 (m-consumer): replace with the real pages (docs/mobile.md, 加一个角色的页面).
const ComingSoon = lazy(() => import('../shared/ComingSoon.tsx'));

const petPersona: PersonaModule = {
  key: 'pet',
  order: 20,
  tabs: [{ key: 'pet', title: '宠物', icon: <AppOutline />, path: '/pet' }],
  routes: [{ path: 'pet', element: <ComingSoon title="宠物" /> }],
  visible: ({ systems }) => systems.has('pet'),
};

export default petPersona;
