import { Card, Empty, Typography } from 'antd';
import { AppstoreOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { T } from '../../shared/i18n/messages.ts';
import { buttonsUnder } from '../../shared/permission/permissions.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { CHILD } from '../childContext.ts';
import { toChildPath } from '../childMenu.ts';
import { useChildOutlet } from './useChildOutlet.ts';

const C = T.child;

/** The sub-product's landing page: one card per module the role may open. */
export function OverviewPage() {
  const navigate = useNavigate();
  const { menu } = useChildOutlet();
  // the menu tree has no buttons; the permitted map keeps each node as the server sent it
  const menus = usePermissionStore((s) => s.sets.menus);
  return (
    <div data-testid="child-overview">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <AppstoreOutlined /> {CHILD.sys.title} · {C.modules}
      </Typography.Title>
      {menu.length === 0 ? (
        <Empty description={C.noMenus} />
      ) : (
        <div className="cl-card-grid">
          {menu.map((m) => {
            const path = toChildPath(m.path, CHILD.base);
            return (
              <Card key={m.id} hoverable onClick={() => path && navigate(path)} className="cl-module-card" data-menu-code={m.code}>
                <div className="cl-module-card-title">
                  {m.name}
                  <RightOutlined />
                </div>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44, marginBottom: 8 }}>
                  {C.descriptions[m.code] ?? ''}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {C.opCount(buttonsUnder(menus.get(m.id) ?? m).length)}
                </Typography.Text>
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}
