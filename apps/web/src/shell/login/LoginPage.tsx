import { useBrandingStore } from '../branding/branding.ts';
import { LegacyLoginScreen } from './LegacyLoginScreen.tsx';
import { NewLoginScreen } from './NewLoginScreen.tsx';

/** Hosts the branding marks as legacy get the older screen; every other host the newer one. */
export function LoginPage() {
  const legacy = useBrandingStore((s) => s.info?.legacyLogin === true);
  return legacy ? <LegacyLoginScreen /> : <NewLoginScreen />;
}
