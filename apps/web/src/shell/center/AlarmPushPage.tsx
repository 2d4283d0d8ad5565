import { Checkbox, Switch, Table, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PUSH_CHANNELS, type AlarmPush, type PushChannel } from '@chelian/contracts';
import { centerApi } from '../../shared/api/centerApi.ts';
import { T } from '../../shared/i18n/messages.ts';
import { AlarmTypeCard } from './alarmTypes/AlarmTypeCard.tsx';
import { useAlarmTypeRows } from './alarmTypes/useAlarmTypeRows.ts';

const P = T.center.alarmPush;
const HM = 'HH:mm';

/** Push settings per alarm type: enabled, channels, quiet hours. */
export function AlarmPushPage() {
  const { rows, loading, saving, patch, save } = useAlarmTypeRows(centerApi.alarmPushes, centerApi.saveAlarmPushes);

  const quietValue = (r: AlarmPush): [Dayjs, Dayjs] | null =>
    r.quietStart && r.quietEnd ? [dayjs(r.quietStart, HM), dayjs(r.quietEnd, HM)] : null;

  return (
    <AlarmTypeCard title={T.routes.alarmPush} description={P.desc} saving={saving} onSave={save} testId="alarm-push-page" saveTestId="save-alarm-push">
      <Table<AlarmPush>
        rowKey="alarmType"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: P.alarmName, dataIndex: 'alarmName', width: 160 },
          {
            title: P.enabled,
            dataIndex: 'enabled',
            width: 80,
            align: 'center',
            render: (v: boolean, r) => <Switch size="small" checked={v} onChange={(enabled) => patch(r.alarmType, { enabled })} data-testid={`push-${r.alarmType}`} />,
          },
          {
            title: P.channels,
            dataIndex: 'channels',
            render: (channels: PushChannel[], r) => (
              <Checkbox.Group
                disabled={!r.enabled}
                value={channels}
                onChange={(v) => patch(r.alarmType, { channels: v as PushChannel[] })}
                options={PUSH_CHANNELS.map((c) => ({ value: c, label: P.channelNames[c] ?? c }))}
              />
            ),
          },
          {
            title: P.quiet,
            width: 230,
            render: (_, r) => (
              <TimePicker.RangePicker
                size="small"
                format={HM}
                disabled={!r.enabled}
                value={quietValue(r)}
                onChange={(v) => patch(r.alarmType, { quietStart: v?.[0]?.format(HM) ?? '', quietEnd: v?.[1]?.format(HM) ?? '' })}
              />
            ),
          },
        ]}
      />
    </AlarmTypeCard>
  );
}
