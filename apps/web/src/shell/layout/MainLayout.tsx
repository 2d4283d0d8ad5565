import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { AppHeader } from './AppHeader.tsx';

/** The main layout: header on top, the routed view (a sub-product frame or a main page) below. */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <Layout className="cl-main-layout cl-full-height" data-testid="main-layout">
      <AppHeader />
      <Layout.Content className="cl-main-content">{children}</Layout.Content>
    </Layout>
  );
}
