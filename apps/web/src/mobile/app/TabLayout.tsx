import { Suspense } from 'react';
import '../shared/admRender.ts';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { ErrorBlock, SafeArea, TabBar } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useMobileSession } from './useMobileSession.ts';
import type { PersonaTab } from './personaTypes.ts';
import { MinePage } from './MinePage.tsx';
import { M } from './texts.ts';
import { Loading } from './Loading.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

const MINE_TAB: PersonaTab = { key: 'mine', title: M.tabs.mine, icon: <UserOutline />, path: '/me' };

/** The tab whose path the location is on (a tab's own page, not the pages below it). */
export function activeTab(tabs: readonly PersonaTab[], pathname: string): PersonaTab | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return tabs.find((t) => t.path === path);
}

function Nothing() {
  return <ErrorBlock status="empty" title={M.shell.nothing} description={M.shell.nothingHint} />;
}

/** The personas' pages with the bottom tabs; the tabs show on each tab's own page only. */
export default function TabLayout() {
  const personas = useMobileSession((s) => s.personas);
  const ctx = useMobileSession((s) => s.ctx);
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = [...personas.flatMap((p) => p.tabs).filter((t) => !t.visible || (ctx && t.visible(ctx))), MINE_TAB];
  const routes: RouteObject[] = [
    ...personas.flatMap((p) => p.routes),
    { path: 'me', element: <MinePage /> },
    { index: true, element: tabs.length > 1 ? <Navigate to={tabs[0].path} replace /> : <Nothing /> },
    { path: '*', element: <ErrorBlock status="empty" title={M.shell.notFound} description="" /> },
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
          <TabBar activeKey={active.key} onChange={(key) => void navigate(tabs.find((t) => t.key === key)?.path ?? '/')}>
            {tabs.map((t) => (
              <TabBar.Item key={t.key} icon={t.icon} title={t.title} />
            ))}
          </TabBar>
          <SafeArea position="bottom" />
        </nav>
      )}
    </div>
  );
}
