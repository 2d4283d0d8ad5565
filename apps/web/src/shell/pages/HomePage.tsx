import { Card, Col, Empty, List, Row, Statistic, Typography } from 'antd';
import { ClockCircleOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { PermissionCode } from '@chelian/contracts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { T } from '../../shared/i18n/messages.ts';
import { usePermissionMenu } from '../../shared/permission/usePermission.ts';
import { useMayCall } from '../../shared/permission/mayCall.ts';
import { SHELL_CALLS } from './homeCalls.ts';
import { PortalBar } from '../layout/PortalBar.tsx';
import { LatestNotices } from './LatestNotices.tsx';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const H = T.home;

const TERMINAL_MENU: PermissionCode = 'system:terminal';
const STAT_LINK = { padding: 0, border: 0, background: 'none', color: 'inherit', textAlign: 'left', cursor: 'pointer' } as const;

/** The home page: the role's sub-products, account figures and recent visits. */

export function HomePage() {
  const navigate = useNavigate();
  const canOpenTerminals = usePermissionMenu(TERMINAL_MENU);
  const user = useClientStore((s) => s.user);
  const systems = useClientStore((s) => s.systemList);
  const history = useClientStore((s) => s.history);
  // Only the calls the role may make (a role without 站内信 has no unread count and no notices).
  const mayReadStatus = useMayCall(SHELL_CALLS.accountStatus);
  const mayReadNotices = useMayCall(SHELL_CALLS.notices);
  // A failed load shows — (keepOnFailure: false), the account's figures without a toast.
  const status = useWholeList(SHELL_CALLS.accountStatus, undefined, {
    silent: true,
    enabled: user !== null && mayReadStatus,
    keepOnFailure: false,
  }).data;
  const unreadPage = useWholeList(
    SHELL_CALLS.notices,
    { read: false, pageSize: 1 },
    { enabled: user !== null && mayReadNotices, keepOnFailure: false },
  );
  const unread = unreadPage.data?.total ?? null;

  return (
    <div className="cl-portal cl-min-full-height" data-testid="home-page">
      <PortalBar />
      <main className="cl-portal-main">
        <section className="cl-home-banner">
          <div>
            <Typography.Title level={3} style={{ color: '#fff', margin: 0 }}>
              {user ? H.greeting(user.name || user.username) : H.guest}
            </Typography.Title>
            <Typography.Text style={{ color: 'rgba(255,255,255,.85)' }}>
              {user ? `${user.accountName} · ${user.roleName}` : H.toLogin}
              {user?.lastLoginAt ? ` · ${H.lastLogin}${beijingDateTime(user.lastLoginAt)}` : ''}
            </Typography.Text>
          </div>
          <Row gutter={32} className="cl-home-stats">
            <Col>
              <Statistic title={H.terminals} value={status?.terminalsTotal ?? '—'} />
            </Col>
            <Col>
              {/* the same terminals as 终端管理's expiring tab (expired, or ending within 30 days), for whoever may open it */}
              {canOpenTerminals ? (
                <button
                  type="button"
                  style={STAT_LINK}
                  title={H.expiring}
                  onClick={() => navigate('/system/terminal?expiring=30')}
                  data-testid="home-expiring"
                >
                  <Statistic title={H.expiring} value={status?.terminalsExpiringIn30Days ?? '—'} />
                </button>
              ) : (
                <Statistic title={H.expiring} value={status?.terminalsExpiringIn30Days ?? '—'} />
              )}
            </Col>
            {mayReadNotices && (
              <Col>
                <Statistic title={H.unread} value={unread ?? '—'} />
              </Col>
            )}
          </Row>
        </section>
        <Row gutter={16}>
          <Col span={17}>
            <Card title={H.systems} variant="borderless">
              {systems.length === 0 ? (
                <Empty description={H.noSystems} />
              ) : (
                <div className="cl-card-grid" data-testid="home-systems">
                  {systems.map((sys) => (
                    <button key={sys.systemId} type="button" className="cl-system-card" onClick={() => navigate(sys.path)}>
                      <img src={sys.icon} alt="" />
                      <span className="cl-system-card-title">{sys.title}</span>
                      <RightOutlined className="cl-system-card-arrow" />
                    </button>
                  ))}
                </div>
              )}
            </Card>
          </Col>
          <Col span={7}>
            <Card title={H.recent} variant="borderless">
              <List
                size="small"
                dataSource={history}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={H.noRecent} /> }}
                renderItem={(item) => (
                  <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate(item.path)}>
                    <Typography.Link>{item.title}</Typography.Link>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <ClockCircleOutlined /> {beijingDateTime(item.at)}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </Card>
            {user && mayReadNotices && <LatestNotices />}
          </Col>
        </Row>
      </main>
    </div>
  );
}
