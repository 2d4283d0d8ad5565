import { Breadcrumb, Card, Empty, Result, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { T } from '../../shared/i18n/messages.ts';
import { buttonsUnder } from '../../shared/permission/permissions.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { Permission } from '../../shared/permission/Permission.tsx';
import { CHILD } from '../childContext.ts';
import { useChildOutlet } from './useChildOutlet.ts';

const C = T.child;

/** A module of the sub-product: what it does and which operations the role holds in it. */
export function ModulePage() {
  const navigate = useNavigate();
  const { current } = useChildOutlet();
  const menus = usePermissionStore((s) => s.sets.menus);
  if (!current) {
    return <Result status="404" title={C.menuNotFound} data-testid="child-module-missing" />;
  }
  const buttons = buttonsUnder(menus.get(current.id) ?? current);
  return (
    <div data-testid="child-module" data-menu-code={current.code}>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <a onClick={() => navigate('/')}>{CHILD.sys.title}</a> }, { title: current.name }]}
      />
      <Card variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {current.name}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{C.descriptions[current.code] ?? ''}</Typography.Paragraph>
        <Typography.Title level={5}>{C.operations}</Typography.Title>
        {buttons.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={C.noOperations} />
        ) : (
          <Space wrap data-testid="child-operations">
            {buttons.map((b) => (
              <Permission key={b.code} code={b.code}>
                <Tag icon={<CheckCircleOutlined />} color="blue" data-permission={b.code}>
                  {b.name}
                </Tag>
              </Permission>
            ))}
          </Space>
        )}
      </Card>
    </div>
  );
}
