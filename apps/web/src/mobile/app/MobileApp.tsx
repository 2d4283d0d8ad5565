import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { setNavigator } from './navigation.ts';
import { SessionGate } from './SessionGate.tsx';
import { Loading } from './Loading.tsx';

const LoginPage = lazy(() => import('./LoginPage.tsx'));

/** /m/login, and everything else behind the session (the personas' tabs and 我的). */
export function MobileApp() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => void navigate(to, options)), [navigate]);
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<SessionGate />} />
      </Routes>
    </Suspense>
  );
}
