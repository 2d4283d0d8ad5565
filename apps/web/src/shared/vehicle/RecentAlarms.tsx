import { Empty, List, Tag } from 'antd';
import { alarmEndpoints, DAY_MS } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { useLoaded } from '../list/useLoaded.ts';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';
import { beijingDateTime } from '../format/beijingTime.ts';

/** A vehicle's last five alarms of the week up to now. */
function lastAlarms(vehicleId: number, quiet: boolean) {
  const end = Date.now();
  return call(alarmEndpoints.history, { vehicleId, start: end - 7 * DAY_MS, end, current: 1, pageSize: 5 }, { silent: quiet }).then(
    (page) => page.list,
  );
}

/** The vehicle's last five alarms of the past week. */
export function RecentAlarms({ vehicleId }: { vehicleId: number }) {
  const { rows: alarms, loading } = useLoaded(lastAlarms, vehicleId, { keepOnFailure: false });
  if (!loading && alarms.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.vehicle.noAlarms} style={{ margin: '8px 0' }} />;
  return (
    <List
      size="small"
      loading={loading}
      dataSource={alarms}
      data-testid="recent-alarms"
      renderItem={(a) => (
        <List.Item>
          <Tag color={a.handled ? 'default' : 'red'}>{a.typeName}</Tag>
          <span style={{ color: '#5f6670' }}>{beijingDateTime(a.alarmTime)}</span>
          <span style={{ marginLeft: 'auto', color: a.handled ? '#18a058' : '#e5484d' }}>
            {a.handled ? M.alarm.processed : M.alarm.unprocessed}
          </span>
        </List.Item>
      )}
    />
  );
}
