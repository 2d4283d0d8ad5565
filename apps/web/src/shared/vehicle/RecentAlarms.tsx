import { useEffect, useState } from 'react';
import { Empty, List, Tag } from 'antd';
import { type Alarm, alarmEndpoints, DAY_MS } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';
import { beijingDateTime } from '../format/beijingTime.ts';

/** The vehicle's last five alarms of the past week. */
export function RecentAlarms({ vehicleId }: { vehicleId: number }) {
  const [alarms, setAlarms] = useState<Alarm[] | null>(null);
  useEffect(() => {
    let alive = true;
    const end = Date.now();
    call(alarmEndpoints.history, { vehicleId, start: end - 7 * DAY_MS, end, current: 1, pageSize: 5 })
      .then((page) => alive && setAlarms(page.list))
      .catch(() => alive && setAlarms([]));
    return () => {
      alive = false;
    };
  }, [vehicleId]);
  if (alarms && alarms.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.vehicle.noAlarms} style={{ margin: '8px 0' }} />;
  return (
    <List
      size="small"
      loading={alarms === null}
      dataSource={alarms ?? []}
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
