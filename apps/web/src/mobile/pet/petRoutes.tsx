import type { PersonaModule } from '../app/personaTypes.ts';
import { kitPage } from '../app/kitPage.ts';
import { PT } from './texts.ts';

/** A paw print, the 宠物 tab's icon (currentColor, so the tab bar colours it). */
function PawIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
      <ellipse cx="6" cy="10" rx="2.2" ry="2.8" />
      <ellipse cx="10" cy="6" rx="2.2" ry="2.9" />
      <ellipse cx="14.5" cy="6" rx="2.2" ry="2.9" />
      <ellipse cx="18.3" cy="10" rx="2.2" ry="2.8" />
      <path d="M12.2 11.5c-2.6 0-5.7 3.6-5.7 6.1 0 1.8 1.5 2.6 3 2.4 1.1-.1 1.8-.6 2.7-.6s1.6.5 2.7.6c1.5.2 3-.6 3-2.4 0-2.5-3.1-6.1-5.7-6.1z" />
    </svg>
  );
}

// the pages come with the component library when first shown (m-pages): the module itself stays light (it is loaded to ask visible)
const PetHome = kitPage(() => import('./PetHome.tsx').then((m) => m.PetHome));
const PetZonesPage = kitPage(() => import('./PetZonesPage.tsx').then((m) => m.PetZonesPage));
const PetMessagesPage = kitPage(() => import('./PetMessagesPage.tsx').then((m) => m.PetMessagesPage));

/**
 * 宠物卫士 for the pet owner (docs/mobile.md): the pet live with its walk, steps and battery, lost mode
 * and ring; safe zones; the alarms as messages. Shown to a user who may open 宠物卫士 and has 宠物定位.
 */
const petPersona: PersonaModule = {
  key: 'pet',
  order: 20,
  tabs: [{ key: 'pet', title: PT.tab, icon: <PawIcon />, path: '/pet' }],
  routes: [
    { path: 'pet', element: <PetHome /> },
    { path: 'pet/zones', element: <PetZonesPage /> },
    { path: 'pet/messages', element: <PetMessagesPage /> },
  ],
  visible: ({ systems, permissions }) => systems.has('pet') && permissions.menuCodes.has('pet:monitor'),
};

export default petPersona;
