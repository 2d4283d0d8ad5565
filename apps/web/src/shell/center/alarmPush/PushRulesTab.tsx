import { Button, Checkbox, InputNumber, Switch, TimePicker, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { alarmPushEndpoints as api, MAX_PUSH_INTERVAL_MINUTES, PUSH_CHANNELS, type AlarmPush, type PushChannel } from '@chelian/contracts';
import { call } from '../../../shared/request/call.ts';
import { T } from '../../../shared/i18n/messages.ts';
import { ListCard } from '../../../shared/ui/ListCard.tsx';
import { useAlarmTypeRows } from '../alarmTypes/useAlarmTypeRows.ts';

const P = T.center.alarmPush;
const HM = 'HH:mm';

const load = () => call(api.listPushes);
const persist = (rows: AlarmPush[]) =>
  call(api.savePushes, {
    items: rows.map(({ alarmType, enabled, channels, quietStart, quietEnd, minIntervalMinutes }) => ({
      alarmType,
      enabled,
      channels,
      quietStart,
      quietEnd,
      minIntervalMinutes,
    })),
  });

/** Per alarm type: pushed or not, to which channels, quiet hours, and the rate limit. */
export function PushRulesTab() {
  const { list, saving, patch, save } = useAlarmTypeRows(load, persist);
  const quietValue = (r: AlarmPush): [Dayjs, Dayjs] | null =>
    r.quietStart && r.quietEnd ? [dayjs(r.quietStart, HM), dayjs(r.quietEnd, HM)] : null;

  return (
    <ListCard<AlarmPush>
      bare
      // no title of its own (the tab names it): the empty one keeps 保存 at the toolbar's right
      title=""
      actions={
        <Button type="primary" loading={saving} onClick={save} data-testid="save-alarm-push">
          {T.common.save}
        </Button>
      }
      list={list}
      rowKey="alarmType"
      identityColumn={false}
      columns={[
        { title: P.alarmName, dataIndex: 'alarmName', width: 170 },
        {
          title: P.enabled,
          dataIndex: 'enabled',
          width: 70,
          align: 'center',
          render: (v: boolean, r) => (
            <Switch size="small" checked={v} onChange={(enabled) => patch(r.alarmType, { enabled })} data-testid={`push-${r.alarmType}`} />
          ),
        },
        {
          title: P.channels,
          dataIndex: 'channels',
          // the four channels' boxes side by side, never cut
          width: 330,
          ellipsis: false,
          render: (channels: PushChannel[], r) => (
            <Checkbox.Group
              disabled={!r.enabled}
              value={channels}
              onChange={(v) => patch(r.alarmType, { channels: v as PushChannel[] })}
              options={PUSH_CHANNELS.map((c) => ({ value: c, label: P.channelNames[c] }))}
              data-testid={`channels-${r.alarmType}`}
            />
          ),
        },
        {
          title: P.quiet,
          width: 270,
          render: (_, r) => (
            <TimePicker.RangePicker
              size="small"
              format={HM}
              order={false}
              disabled={!r.enabled}
              value={quietValue(r)}
              onChange={(v) => patch(r.alarmType, { quietStart: v?.[0]?.format(HM) ?? '', quietEnd: v?.[1]?.format(HM) ?? '' })}
            />
          ),
        },
        {
          title: (
            <Tooltip title={P.intervalTip}>
              {P.interval} <QuestionCircleOutlined />
            </Tooltip>
          ),
          dataIndex: 'minIntervalMinutes',
          width: 150,
          render: (v: number, r) => (
            <InputNumber
              size="small"
              min={0}
              max={MAX_PUSH_INTERVAL_MINUTES}
              precision={0}
              disabled={!r.enabled}
              value={v}
              suffix={P.minutes}
              style={{ width: 110 }}
              onChange={(n) => patch(r.alarmType, { minIntervalMinutes: n ?? 0 })}
            />
          ),
        },
      ]}
    />
  );
}
