import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'antd-mobile/es/global';
import { DEFAULT_PLATFORM_ID } from '@chelian/contracts';
import { setPlatformId } from '../../shared/request/http.ts';
import { setRequestEffects } from '../../shared/request/effects.ts';
import { coreTexts } from '../../shared/i18n/coreTexts.ts';
import { applyDarkMode, followSystemDarkMode } from './theme.ts';
import { goLogin } from './navigation.ts';
import { forgetSession, hasSession } from './session.ts';
import { registerServiceWorker } from './serviceWorker.ts';
import { toast } from '../shared/feedback.ts';
import { useMobileSession } from './useMobileSession.ts';
import { startEarlyCalls, takeBootAnswers } from './earlyCalls.ts';
import { MobileApp } from './MobileApp.tsx';
import './mobile.css';

setPlatformId(DEFAULT_PLATFORM_ID);
applyDarkMode();
followSystemDarkMode();

/** An expired session: say so, forget it, and log in again with the way back to this page. */
const expired = () => {
  toast(coreTexts.request.sessionExpired);
  forgetSession();
  useMobileSession.getState().clear();
  goLogin();
};
setRequestEffects({
  toastError: (msg) => toast(msg),
  confirmExpired: expired,
  goLogin: expired,
});

// A stored session: its calls were asked for by the boot script (bootCalls.ts), whose answers the
// calls take; without them they leave before anything else is asked for (the tabs' code follows
// them), so they do not queue behind files on the phone's few connections.
// 车队's data leaves with them when the app opens on it (earlyCalls.ts).
if (hasSession()) {
  takeBootAnswers();
  void useMobileSession.getState().open();
  startEarlyCalls(window.location.pathname.replace(/^\/m(?=\/|$)/, ''));
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <BrowserRouter basename="/m">
      <MobileApp />
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();
