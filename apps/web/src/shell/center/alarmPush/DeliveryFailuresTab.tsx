import { useEffect } from 'react';
import { Button, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { alarmPushEndpoints as api, type Delivery } from '@chelian/contracts';
import { call } from '../../../shared/request/call.ts';
import { usePagedList } from '../../../shared/list/usePagedList.ts';
import { T } from '../../../shared/i18n/messages.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { DeliveryTable } from '../../../shared/alarmPush/DeliveryTable.tsx';

const F = T.center.alarmPush.failures;

/** The account's deliveries that failed or wait for a retry; a given-up one can be sent again. */
export function DeliveryFailuresTab({ onTotal }: { onTotal: (n: number) => void }) {
  const list = usePagedList(api.listFailures, {});
  const { data, reload } = list;
  // the tab's badge: the count of the newest answer
  useEffect(() => {
    if (data) onTotal(data.total);
  }, [data, onTotal]);

  const retry = async (d: Delivery) => {
    try {
      await call(api.retryDelivery, { deliveryId: d.deliveryId });
      toast.success(F.retried);
      await reload();
    } catch {
      /* shown by the request layer */
    }
  };

  return (
    <DeliveryTable
      withAlarm
      list={list}
      testId="push-failure-table"
      bar={
        <>
          <Typography.Text type="secondary" style={{ flex: 1 }}>
            {F.desc}
          </Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
            {T.common.refresh}
          </Button>
        </>
      }
      action={(d) =>
        d.status === 'failed' && (
          <Button type="link" size="small" onClick={() => void retry(d)} data-testid="retry-delivery">
            {F.retry}
          </Button>
        )
      }
    />
  );
}
