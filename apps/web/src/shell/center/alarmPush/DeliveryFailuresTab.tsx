import { useCallback, useEffect, useState } from 'react';
import { Button, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { alarmPushEndpoints as api, DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type Delivery, type Page } from '@chelian/contracts';
import { call } from '../../../shared/request/call.ts';
import { T } from '../../../shared/i18n/messages.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { DeliveryTable } from '../../../shared/alarmPush/DeliveryTable.tsx';

const F = T.center.alarmPush.failures;

/** The account's deliveries that failed or wait for a retry; a given-up one can be sent again. */
export function DeliveryFailuresTab({ onTotal }: { onTotal: (n: number) => void }) {
  const [paging, setPaging] = useState({ current: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const [page, setPage] = useState<Page<Delivery> | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const p = await call(api.listFailures, paging);
      setPage(p);
      onTotal(p.total);
    } catch {
      /* shown by the request layer */
    } finally {
      setLoading(false);
    }
  }, [paging, onTotal]);
  useEffect(() => void load(), [load]);

  const retry = async (d: Delivery) => {
    try {
      await call(api.retryDelivery, { deliveryId: d.deliveryId });
      toast.success(F.retried);
      await load();
    } catch {
      /* shown by the request layer */
    }
  };

  return (
    <div data-testid="push-failures">
      <div style={{ display: 'flex', alignItems: 'center', marginBottom: 12 }}>
        <Typography.Text type="secondary">{F.desc}</Typography.Text>
        <Button icon={<ReloadOutlined />} style={{ marginLeft: 'auto' }} onClick={() => void load()}>
          {T.common.refresh}
        </Button>
      </div>
      <DeliveryTable
        withAlarm
        rows={page?.list ?? []}
        loading={loading}
        testId="push-failure-table"
        action={(d) =>
          d.status === 'failed' && (
            <Button type="link" size="small" onClick={() => void retry(d)} data-testid="retry-delivery">
              {F.retry}
            </Button>
          )
        }
        pagination={{
          current: page?.current,
          pageSize: page?.pageSize,
          total: page?.total,
          showTotal: T.common.total,
          onChange: (current, pageSize) => setPaging({ current, pageSize }),
        }}
      />
    </div>
  );
}
