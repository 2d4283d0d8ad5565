import { Suspense } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { useMobileSession } from './useMobileSession.ts';
import type { PersonaTab } from './personaTypes.ts';
import { kitPage } from './kitPage.ts';
import { UserIcon } from './TabIcons.tsx';
import { M } from './texts.ts';
import { Loading } from './Loading.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import './shell.css';

const MinePage = kitPage(() => import('./MinePage.tsx').then((m) => m.MinePage));

const MINE_TAB: PersonaTab = { key: 'mine', title: M.tabs.mine, icon: <UserIcon />, path: '/me' };

/** The tab whose path the location is on (a tab's own page, not the pages below it). */
export function activeTab(tabs: readonly PersonaTab[], pathname: string): PersonaTab | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return tabs.find((t) => t.path === path);
}

/** An empty page's words (plain markup: the tabs come before the component library). */
function Empty({ title, description }: { title: string; description?: string }) {
  return (
    <div className="m-center m-empty">
      <strong>{title}</strong>
      {description && <p>{description}</p>}
    </div>
  );
}

/**
 * The personas' pages with the bottom tabs; the tabs show on each tab's own page only. Plain
 * markup and CSS, as 车队 (m-start): the pages drawn with antd-mobile load it themselves (kitPage).
 */
export default function TabLayout() {
  const personas = useMobileSession((s) => s.personas);
  const ctx = useMobileSession((s) => s.ctx);
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = [...personas.flatMap((p) => p.tabs).filter((t) => !t.visible || (ctx && t.visible(ctx))), MINE_TAB];
  const routes: RouteObject[] = [
    ...personas.flatMap((p) => p.routes),
    { path: 'me', element: <MinePage /> },
    {
      index: true,
      element:
        tabs.length > 1 ? <Navigate to={tabs[0].path} replace /> : <Empty title={M.shell.nothing} description={M.shell.nothingHint} />,
    },
    { path: '*', element: <Empty title={M.shell.notFound} /> },
  ];
  const element = useRoutes(routes);
  const active = activeTab(tabs, location.pathname) ?? (tabs.length === 1 && location.pathname === '/' ? MINE_TAB : undefined);

  return (
    <div className="m-app">
      <main className="m-main">
        <PageErrorBoundary key={location.pathname}>
          <Suspense fallback={<Loading />}>{element}</Suspense>
        </PageErrorBoundary>
      </main>
      {active && (
        <nav className="m-tabbar" aria-label="底部导航">
          <div className="m-tabs">
            {tabs.map((t) => (
              <button
                key={t.key}
                type="button"
                className={t.key === active.key ? 'm-tab m-tab-active' : 'm-tab'}
                aria-current={t.key === active.key ? 'page' : undefined}
                onClick={() => void navigate(t.path)}
              >
                <span className="m-tab-icon">{t.icon}</span>
                <span className="m-tab-title">{t.title}</span>
              </button>
            ))}
          </div>
        </nav>
      )}
    </div>
  );
}
