import { InputNumber, Switch, Tooltip } from 'antd';
import { alarmPushEndpoints as api, type AlarmControl } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { forgetAlarmControls } from '../../shared/alarms/alarmControls.ts';
import { T } from '../../shared/i18n/messages.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { AlarmTypeCard } from './alarmTypes/AlarmTypeCard.tsx';
import { useAlarmTypeRows } from './alarmTypes/useAlarmTypeRows.ts';

const A = T.center.alarmSetting;
type Flag = 'enabled' | 'sound' | 'popup';

const load = () => call(api.listControls);
// saved: the alarm tip reads the new 声音提醒 / 弹窗提醒 at the next alarm
const persist = (rows: AlarmControl[]) =>
  call(api.saveControls, {
    items: rows.map(({ alarmType, enabled, sound, popup, minSeconds }) => ({
      alarmType,
      enabled,
      sound,
      popup,
      ...(minSeconds === undefined ? {} : { minSeconds }),
    })),
  }).finally(forgetAlarmControls);

/** Alarm settings per alarm type: enabled, sound, pop-up; and 平台超速报警's shortest episode (the one type that has one). */
export function AlarmSettingPage() {
  const { list, saving, patch, save } = useAlarmTypeRows(load, persist);

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
      <ListCard<AlarmControl>
        bare
        list={list}
        rowKey="alarmType"
        identityColumn={false}
        columns={[
          // the name takes the width the switches leave (the table fills the card at 1366 px)
          { title: A.alarmName, dataIndex: 'alarmName', width: 520 },
          flagColumn('enabled', A.enabled),
          flagColumn('sound', A.sound),
          flagColumn('popup', A.popup),
          {
            title: <Tooltip title={A.minSecondsHint}>{A.minSeconds}</Tooltip>,
            dataIndex: 'minSeconds',
            width: 150,
            align: 'center' as const,
            render: (value: number | undefined, r: AlarmControl) =>
              value === undefined ? null : (
                <InputNumber
                  size="small"
                  min={0}
                  max={3600}
                  precision={0}
                  value={value}
                  disabled={!r.enabled}
                  onChange={(v) => patch(r.alarmType, { minSeconds: v ?? 0 })}
                  data-testid={`minSeconds-${r.alarmType}`}
                />
              ),
          },
        ]}
      />
    </AlarmTypeCard>
  );
}
