import { useEffect, useMemo, useState } from 'react';
import { Layout, Menu, Result, Spin } from 'antd';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePermissionStore } from '../shared/stores/permissionStore.ts';
import { useClientStore } from '../shared/stores/clientStore.ts';
import { useUiStore } from '../shared/stores/uiStore.ts';
import { VehicleInfoDialog } from '../shared/dialogs/VehicleInfoDialog.tsx';
import { ImageViewer } from '../shared/dialogs/ImageViewer.tsx';
import { T } from '../shared/i18n/messages.ts';
import type { ChildSystemId } from '../shared/systems/childSystems.ts';
import { CHILD } from './childContext.ts';
import { childMenu, findMenu, toChildPath } from './childMenu.ts';
import { loadChildResources, postToShell } from './bridge/childBridge.ts';
import { CHILD_SYSTEM_DEFINITIONS } from './systems/registry.ts';
import { ChildHeader } from './ChildHeader.tsx';

const C = T.child;

/** A sub-product app: its menu from the resource list, joined to the shell or running alone. */
export function ChildRoot() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const blank = params.get('urlType') === 'blank';
  const sessionId = useClientStore((s) => s.sessionId);
  const resources = usePermissionStore((s) => s.resources);
  const sets = usePermissionStore((s) => s.sets);
  const [state, setState] = useState<'loading' | 'ready' | 'login'>('loading');
  const menu = useMemo(() => childMenu(resources, CHILD.sys.platformId, sets), [resources, sets]);
  const current = findMenu(menu, location.pathname, CHILD.base);

  useEffect(() => {
    if (!sessionId) {
      setState('login');
      return;
    }
    loadChildResources()
      .then(() => setState('ready'))
      .catch(() => setState('login'));
  }, [sessionId]);

  // Tell the shell where we are (it mirrors path and title), and whether we want the group selector.
  useEffect(() => {
    const title = current?.name ?? CHILD.sys.title;
    postToShell('updateMenu', { path: location.pathname + location.search, title, menuId: current?.id });
    if (!CHILD.embedded) document.title = `${title} - ${CHILD.sys.title}`;
  }, [location.pathname, location.search, current]);

  useEffect(() => {
    const wants = CHILD_SYSTEM_DEFINITIONS[CHILD.sys.systemId as ChildSystemId].groupSelector && !blank;
    postToShell('showDownList', { show: wants });
    useUiStore.getState().set({ downList: wants });
  }, [blank]);

  if (state === 'login') return <Result status="403" title={C.needLogin} className="cl-min-full-height" />;

  const items = menu.flatMap((m) => {
    const key = toChildPath(m.path, CHILD.base);
    return key ? [{ key, label: m.name }] : [];
  });
  const selected = current ? (toChildPath(current.path, CHILD.base) ?? '') : '';

  return (
    <Layout className="cl-child cl-full-height" data-testid="child-app" data-system={CHILD.sys.systemId}>
      {!CHILD.embedded && !blank && <ChildHeader />}
      <Layout>
        {!blank && (
          <Layout.Sider width={200} className="cl-child-sider" data-testid="child-menu">
            <div className="cl-child-sider-title" onClick={() => navigate('/')}>
              {CHILD.sys.title}
            </div>
            <Menu mode="inline" selectedKeys={[selected]} items={items} onClick={({ key }) => navigate(key)} />
          </Layout.Sider>
        )}
        <Layout.Content className="cl-child-content">
          {state === 'loading' ? (
            <Spin tip={C.loadingMenu} size="large">
              <div style={{ height: 240 }} />
            </Spin>
          ) : location.pathname !== '/' && !current ? (
            // a page the role does not hold (a deep link, an old bookmark): said, never an empty page over refused calls
            <Result status="403" title={C.menuNotFound} className="cl-min-full-height" data-testid="child-forbidden" />
          ) : (
            <Outlet context={{ menu, current }} />
          )}
        </Layout.Content>
      </Layout>
      {!CHILD.embedded && (
        <>
          <VehicleInfoDialog />
          <ImageViewer />
        </>
      )}
    </Layout>
  );
}
