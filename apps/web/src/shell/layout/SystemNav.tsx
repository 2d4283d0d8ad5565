import { ConfigProvider, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { subSystemByPath } from '@chelian/contracts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';

/**
 * The sub-product navigation: the role's platforms (systemList) whose root menu the resource data
 * grants, so a resource-data change rebuilds it. Every one of them is shown, on every page: never
 * folded into "…" (which ones folded changed with the page's selectors). At the 1366 px design width
 * the nine products fit as text links (their icons are on the home page's cards).
 */
export function SystemNav() {
  const navigate = useNavigate();
  const location = useLocation();
  const systems = useClientStore((s) => s.systemList);
  const sets = usePermissionStore((s) => s.sets);
  const active = subSystemByPath(location.pathname)?.systemId;
  const granted = (platformId: number) => !sets.menus.size || [...sets.menus.values()].some((m) => m.platformId === platformId);
  const items = systems
    .filter((s) => granted(s.platformId))
    .map((sys) => ({
      key: sys.systemId,
      label: (
        <a href={sys.path} onClick={(e) => e.preventDefault()} className="cl-system-nav-link">
          {sys.title}
        </a>
      ),
    }));
  return (
    <ConfigProvider
      theme={{
        components: {
          Menu: {
            darkItemBg: 'transparent',
            darkPopupBg: '#1f2937',
            darkItemColor: 'rgba(255,255,255,0.85)',
            darkItemHoverColor: '#fff',
            darkItemSelectedBg: 'rgba(255,255,255,0.18)',
            darkItemSelectedColor: '#fff',
            horizontalLineHeight: '56px',
            itemPaddingInline: 8,
          },
        },
      }}
    >
      <Menu
        theme="dark"
        mode="horizontal"
        disabledOverflow
        className="cl-system-nav"
        data-testid="system-nav"
        selectedKeys={active ? [active] : []}
        items={items}
        onClick={({ key }) => {
          const sys = systems.find((s) => s.systemId === key);
          if (!sys) return;
          useClientStore
            .getState()
            .update({ currentSystem: { systemId: sys.systemId, path: sys.path, title: sys.title }, systemId: sys.systemId });
          void navigate(sys.path);
        }}
      />
    </ConfigProvider>
  );
}
