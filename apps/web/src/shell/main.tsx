import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '../shared/ui/AppProviders.tsx';
import { installBodyScale } from '../shared/scale/scale.ts';
import { setPlatformId } from '../shared/request/http.ts';
import { DEFAULT_PLATFORM_ID } from '@chelian/contracts';
import { goLogin, router } from './router/router.tsx';
import '../shared/ui/global.css';
import './shell.css';

setPlatformId(DEFAULT_PLATFORM_ID);
installBodyScale();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <AppProviders goLogin={goLogin}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
