import { Layout, Menu } from 'antd';
import { AlertOutlined, BellOutlined, CloudDownloadOutlined, MailOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { hasMenu } from '../../shared/permission/permissions.ts';
import { T } from '../../shared/i18n/messages.ts';
import { PortalBar } from '../layout/PortalBar.tsx';
import './center.css';

const ENTRIES = [
  { key: '/center/notice', code: 'center:notice', label: T.routes.notice, icon: <MailOutlined /> },
  { key: '/center/security', code: 'center:security', label: T.routes.security, icon: <SafetyCertificateOutlined /> },
  { key: '/center/download', code: 'center:download', label: T.routes.download, icon: <CloudDownloadOutlined /> },
  { key: '/center/alarmSetting', code: 'center:alarmSetting', label: T.routes.alarmSetting, icon: <AlertOutlined /> },
  { key: '/center/alarmPush', code: 'center:alarmPush', label: T.routes.alarmPush, icon: <BellOutlined /> },
];

/** The system centre (menu 1601): its own side menu, entries shown by menu permission. */
export function CenterLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sets = usePermissionStore((s) => s.sets);
  const selected = pathname === '/center/detail' ? '/center/notice' : pathname;
  const items = ENTRIES.filter((e) => hasMenu(sets, e.code)).map(({ key, label, icon }) => ({ key, label, icon }));
  return (
    <div className="cl-portal cl-full-height cl-center" data-testid="center-layout">
      <PortalBar section={T.center.menuTitle} />
      <Layout className="cl-center-body">
        <Layout.Sider width={200} className="cl-center-sider">
          <Menu mode="inline" selectedKeys={[selected]} items={items} onClick={({ key }) => navigate(key)} data-testid="center-menu" />
        </Layout.Sider>
        <Layout.Content className="cl-center-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </div>
  );
}
