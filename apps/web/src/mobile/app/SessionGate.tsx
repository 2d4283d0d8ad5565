import { useEffect, useState, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { loginPathFor } from './navigation.ts';
import { afterCallsLeave, useMobileSession } from './useMobileSession.ts';
import { Loading } from './Loading.tsx';
import { M } from './texts.ts';

// Not React.lazy: a lazy component suspends on its first render even when its file is already
// here, and React then holds the revealed page back ~300 ms after the fallback showed (its
// Suspense throttle) — on a signed-in start that was 车队's last quarter-second.
let loadedLayout: ComponentType | null = null;
const loadTabLayout = () =>
  import('./TabLayout.tsx').then((m) => {
    loadedLayout = m.default;
    return m.default;
  });

/** No session: to login (and back here after). A stored one: loads the user, then the tabs. */
export function SessionGate() {
  const location = useLocation();
  const sessionId = useClientStore((s) => s.sessionId);
  const { status, open } = useMobileSession();
  const [TabLayout, setTabLayout] = useState<ComponentType | null>(() => loadedLayout);
  const [layoutFailed, setLayoutFailed] = useState(false);

  useEffect(() => {
    if (!sessionId) return;
    if (status === 'idle') void open();
    // the tab layout's code comes while the session loads, not after it (and after its calls)
    if (!loadedLayout && !layoutFailed) {
      void afterCallsLeave()
        .then(loadTabLayout)
        .then((layout) => setTabLayout(() => layout))
        .catch(() => setLayoutFailed(true));
    }
  }, [sessionId, status, open, layoutFailed]);

  if (!sessionId) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  if (status === 'failed' || layoutFailed) {
    return (
      <div className="m-center">
        <p role="alert">{M.shell.loadFailed}</p>
        <button type="button" className="m-button m-button-primary" onClick={() => (layoutFailed ? setLayoutFailed(false) : void open())}>
          {M.shell.retry}
        </button>
      </div>
    );
  }
  if (status !== 'ready' || !TabLayout) return <Loading />;
  return <TabLayout />;
}
