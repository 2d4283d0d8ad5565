import { Badge, Card, Empty, List, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { helpMessageEndpoints } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { T } from '../../shared/i18n/messages.ts';
import { beijingDate } from '../../shared/format/beijingTime.ts';

/** The home page's latest station messages and announcements, linking to their detail (shown to a role with 站内信). */
export function LatestNotices() {
  const navigate = useNavigate();
  // The newest five; a failed load lists none (keepOnFailure: false).
  const items = useWholeList(helpMessageEndpoints.page, { pageSize: 5 }, { keepOnFailure: false }).data?.list ?? [];
  return (
    <Card
      title={T.home.notices}
      variant="borderless"
      style={{ marginTop: 16 }}
      extra={<Typography.Link onClick={() => navigate('/center/notice')}>{T.home.more}</Typography.Link>}
      data-testid="home-notices"
    >
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.common.empty} /> }}
        renderItem={(m) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate(`/center/detail?id=${m.id}`)}>
            <Badge
              status={m.read ? 'default' : 'error'}
              text={
                <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                  {m.title}
                </Typography.Text>
              }
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {beijingDate(m.created)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
