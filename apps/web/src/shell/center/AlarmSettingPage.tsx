import { Switch, Table } from 'antd';
import { alarmPushEndpoints as api, type AlarmControl } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { forgetAlarmControls } from '../../shared/alarms/alarmControls.ts';
import { T } from '../../shared/i18n/messages.ts';
import { AlarmTypeCard } from './alarmTypes/AlarmTypeCard.tsx';
import { useAlarmTypeRows } from './alarmTypes/useAlarmTypeRows.ts';

const A = T.center.alarmSetting;
type Flag = 'enabled' | 'sound' | 'popup';

const load = () => call(api.listControls);
// saved: the alarm tip reads the new 声音提醒 / 弹窗提醒 at the next alarm
const persist = (rows: AlarmControl[]) =>
  call(api.saveControls, { items: rows.map(({ alarmType, enabled, sound, popup }) => ({ alarmType, enabled, sound, popup })) }).finally(
    forgetAlarmControls,
  );

/** Alarm settings per alarm type: enabled, sound, pop-up. */
export function AlarmSettingPage() {
  const { rows, loading, saving, patch, save } = useAlarmTypeRows(load, persist);

  const flagColumn = (flag: Flag, title: string) => ({
    title,
    dataIndex: flag,
    width: 120,
    align: 'center' as const,
    render: (value: boolean, r: AlarmControl) => (
      <Switch
        size="small"
        checked={value}
        disabled={flag !== 'enabled' && !r.enabled}
        onChange={(v) => patch(r.alarmType, { [flag]: v })}
        data-testid={`${flag}-${r.alarmType}`}
      />
    ),
  });

  return (
    <AlarmTypeCard
      title={T.routes.alarmSetting}
      description={A.desc}
      saving={saving}
      onSave={save}
      testId="alarm-setting-page"
      saveTestId="save-alarm-settings"
    >
      <Table<AlarmControl>
        rowKey="alarmType"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: A.alarmName, dataIndex: 'alarmName' },
          flagColumn('enabled', A.enabled),
          flagColumn('sound', A.sound),
          flagColumn('popup', A.popup),
        ]}
      />
    </AlarmTypeCard>
  );
}
