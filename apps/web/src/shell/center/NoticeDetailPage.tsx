import { useEffect, useState } from 'react';
import { Button, Card, Divider, Result, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { helpMessageEndpoints, type HelpMessage } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { T } from '../../shared/i18n/messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const TYPE_COLOR: Record<HelpMessage['type'], string> = { notice: 'blue', announcement: 'orange', article: 'green' };

const D = T.center.detail;

/** One announcement or station message; opening it marks it read. */
export function NoticeDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [message, setMessage] = useState<HelpMessage | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>('loading');

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setState('missing');
      return;
    }
    setState('loading');
    call(helpMessageEndpoints.one, { id })
      .then(async (m) => {
        setMessage(m);
        setState('ready');
        if (!m.read) await call(helpMessageEndpoints.markRead, { id: m.id }).catch(() => undefined);
      })
      .catch(() => setState('missing'));
  }, [id]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/center/notice')}>
      {D.back}
    </Button>
  );
  if (state === 'missing') return <Result status="404" title={D.notFound} extra={back} />;
  return (
    <Card variant="borderless" title={T.routes.noticeDetail} extra={back} data-testid="notice-detail">
      {state === 'loading' || !message ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <article style={{ maxWidth: 860, margin: '0 auto' }}>
          <Typography.Title level={3} style={{ textAlign: 'center' }}>
            {message.title}
          </Typography.Title>
          <div style={{ textAlign: 'center', color: '#8c8c8c' }}>
            <Tag color={TYPE_COLOR[message.type]}>{T.center.notice[message.type]}</Tag>
            {D.publishedAt}：{beijingDateTime(message.created)}
          </div>
          <Divider />
          {message.html ? (
            // rich text from 系统管理 › 内容发布, reduced to an allow-list on the server before it was stored
            <div className="cl-message-content cl-message-html" dangerouslySetInnerHTML={{ __html: message.html }} />
          ) : (
            <div className="cl-message-content">{message.content}</div>
          )}
        </article>
      )}
    </Card>
  );
}
