import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { M } from '../messages.ts';
import { AlarmHistory } from './AlarmHistory.tsx';
import { RealtimeAlarms } from './RealtimeAlarms.tsx';
import { useAlarmControls } from './useAlarmControls.ts';

/** 报警中心: real-time alarms and history. `?tab=history&vehicleId=…` opens one vehicle's history. */
export function AlarmPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'history' ? 'history' : 'realtime';
  const vehicleId = Number(params.get('vehicleId')) || null;
  const controls = useAlarmControls();
  return (
    <Card variant="borderless" className="car-alarm-page" data-testid="car-alarms">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'history' ? { tab: key, ...(vehicleId ? { vehicleId: String(vehicleId) } : {}) } : {})}
        items={[
          { key: 'realtime', label: M.alarm.realtime, children: <RealtimeAlarms /> },
          { key: 'history', label: M.alarm.history, children: <AlarmHistory vehicleId={vehicleId} controls={controls} /> },
        ]}
      />
    </Card>
  );
}
