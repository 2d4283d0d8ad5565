import { lazy, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { loginPathFor } from './navigation.ts';
import { afterCallsLeave, useMobileSession } from './useMobileSession.ts';
import { Loading } from './Loading.tsx';
import { M } from './texts.ts';

const loadTabLayout = () => import('./TabLayout.tsx');
const TabLayout = lazy(loadTabLayout);

/** No session: to login (and back here after). A stored one: loads the user, then the tabs. */
export function SessionGate() {
  const location = useLocation();
  const sessionId = useClientStore((s) => s.sessionId);
  const { status, open } = useMobileSession();

  useEffect(() => {
    if (!sessionId) return;
    if (status === 'idle') void open();
    // the tab layout's code comes while the session loads, not after it (and after its calls)
    void afterCallsLeave().then(loadTabLayout);
  }, [sessionId, status, open]);

  if (!sessionId) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  if (status === 'failed') {
    return (
      <div className="m-center">
        <p role="alert">{M.shell.loadFailed}</p>
        <button type="button" className="m-button m-button-primary" onClick={() => void open()}>
          {M.shell.retry}
        </button>
      </div>
    );
  }
  if (status !== 'ready') return <Loading />;
  return <TabLayout />;
}
