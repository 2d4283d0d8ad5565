import { Descriptions, Drawer } from 'antd';
import { alarmPushEndpoints, type Alarm } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { T } from '../../shared/i18n/messages.ts';
import { DeliveryTable } from '../../shared/alarmPush/DeliveryTable.tsx';
import { M } from '../messages.ts';
import { alarmTypeTag } from '../../shared/alarms/alarmColumns.tsx';
import { beijingFormat } from '../../shared/format/beijingTime.ts';

const L = T.center.alarmPush.log;

/** An alarm's detail with where it was pushed: each browser, SMS, webhook and MQTT delivery and its attempts. */
export function AlarmDeliveryDrawer({ alarm, onClose }: { alarm: Alarm | null; onClose: () => void }) {
  // loaded each time the drawer opens; another alarm's deliveries are never shown while it loads
  const list = useWholeList(alarmPushEndpoints.listDeliveries, alarm ? { alarmId: alarm.alarmId } : undefined, {
    enabled: alarm !== null,
    keepOnFailure: false,
  });

  return (
    <Drawer open={alarm !== null} onClose={onClose} width={1040} title={L.title} destroyOnHidden data-testid="alarm-delivery-drawer">
      {alarm && (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={M.common.plate}>{alarm.plate || alarm.name || M.common.none}</Descriptions.Item>
            <Descriptions.Item label={M.common.terminal}>{alarm.terminalId}</Descriptions.Item>
            <Descriptions.Item label={M.alarm.type}>{alarmTypeTag(alarm)}</Descriptions.Item>
            <Descriptions.Item label={M.alarm.time}>{beijingFormat(alarm.alarmTime)}</Descriptions.Item>
            <Descriptions.Item label={`${M.common.speed}（${M.common.kmh}）`}>{alarm.speed ?? M.common.none}</Descriptions.Item>
            <Descriptions.Item label={M.alarm.status}>{alarm.handled ? M.alarm.processed : M.alarm.unprocessed}</Descriptions.Item>
          </Descriptions>
          <DeliveryTable list={{ ...list, rows: list.loading ? [] : list.rows }} testId="alarm-delivery-table" />
        </>
      )}
    </Drawer>
  );
}
