import { Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { setNavigator } from './navigation.ts';
import { SessionGate } from './SessionGate.tsx';
import { Loading } from './Loading.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
// in the entry's chunk, not lazy: on slow 4G a chunk asked for after the entry runs costs a round trip (~0.6 s)
import LoginPage from './LoginPage.tsx';

/** /m/login, and everything else behind the session (the personas' tabs and 我的). */
export function MobileApp() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => void navigate(to, options)), [navigate]);
  return (
    // not keyed by the path here: that would remount the whole app on every navigation
    <PageErrorBoundary>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<SessionGate />} />
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
