import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useLocation } from 'react-router';
import { subSystemByPath } from '@chelian/contracts';
import { T } from '../../shared/i18n/messages.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { postToChild, registerChildFrame, reportedPath } from './childFrames.ts';

/** A sub-product entry path: its app from /child/{system}/ in a frame, joined by the bridge. */
export function SubProductPage() {
  const location = useLocation();
  const sys = subSystemByPath(location.pathname)!;
  return <SubProductFrame key={sys.systemId} systemId={sys.systemId} base={sys.path.slice(0, -1)} title={sys.title} />;
}

function SubProductFrame({ systemId, base, title }: { systemId: string; base: string; title: string }) {
  const location = useLocation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [loading, setLoading] = useState(true);
  const inner = `${location.pathname.slice(base.length) || '/'}${location.search}`;
  // The frame keeps its first address; later shell navigations reach it as goPage messages.
  const [src] = useState(() => `/child/${systemId}${inner}`);

  useEffect(() => {
    const current = useClientStore.getState().currentSystem;
    if (current?.systemId !== systemId) {
      useClientStore.getState().update({ currentSystem: { systemId, path: `${base}/`, title }, systemId });
    }
  }, [systemId, base, title]);

  // Registered at once (the frame's window proxy is stable): the child talks before its load event.
  useEffect(() => {
    registerChildFrame(systemId, frame.current?.contentWindow ?? null);
    return () => registerChildFrame(systemId, null);
  }, [systemId]);

  useEffect(() => {
    if (loading) return;
    const last = reportedPath(systemId);
    if (last !== undefined && last !== inner) postToChild(systemId, 'goPage', { path: inner, replace: false });
  }, [inner, loading, systemId]);

  return (
    <div className="cl-subproduct" data-system={systemId}>
      {loading && (
        <Spin className="cl-subproduct-spin" tip={T.layout.loading}>
          <div style={{ height: 120 }} />
        </Spin>
      )}
      <iframe
        ref={frame}
        src={src}
        title={title}
        name={`chelian-${systemId}`}
        data-testid="subproduct-frame"
        className="cl-subproduct-frame"
        onLoad={() => setLoading(false)}
      />
    </div>
  );
}
