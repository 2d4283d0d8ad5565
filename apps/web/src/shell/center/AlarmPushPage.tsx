import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Switch, Table, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PUSH_CHANNELS, type AlarmPush, type PushChannel } from '@chelian/contracts';
import { centerApi } from '../../shared/api/centerApi.ts';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';

const P = T.center.alarmPush;
const HM = 'HH:mm';

/** Push settings per alarm type: enabled, channels, quiet hours. */
export function AlarmPushPage() {
  const [rows, setRows] = useState<AlarmPush[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    centerApi
      .alarmPushes()
      .then(setRows)
      .catch(() => setRows([]))
      .finally(() => setLoading(false));
  }, []);

  const patch = (type: string, change: Partial<AlarmPush>) => setRows((list) => list.map((r) => (r.alarmType === type ? { ...r, ...change } : r)));

  const save = async () => {
    setSaving(true);
    try {
      setRows(await centerApi.saveAlarmPushes(rows));
      toast.success(T.common.saved);
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  const quietValue = (r: AlarmPush): [Dayjs, Dayjs] | null =>
    r.quietStart && r.quietEnd ? [dayjs(r.quietStart, HM), dayjs(r.quietEnd, HM)] : null;

  return (
    <Card
      variant="borderless"
      title={T.routes.alarmPush}
      data-testid="alarm-push-page"
      extra={
        <Button type="primary" loading={saving} onClick={save} data-testid="save-alarm-push">
          {T.common.save}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{P.desc}</Typography.Paragraph>
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
    </Card>
  );
}
