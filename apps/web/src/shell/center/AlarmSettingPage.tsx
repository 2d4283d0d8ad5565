import { useEffect, useState } from 'react';
import { Button, Card, Switch, Table, Typography } from 'antd';
import type { AlarmControl } from '@chelian/contracts';
import { centerApi } from '../../shared/api/centerApi.ts';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';

const A = T.center.alarmSetting;
type Flag = 'enabled' | 'sound' | 'popup';

/** Alarm settings per alarm type: enabled, sound, pop-up. */
export function AlarmSettingPage() {
  const [rows, setRows] = useState<AlarmControl[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    centerApi
      .alarmControls()
      .then(setRows)
      .catch(() => setRows([]))
      .finally(() => setLoading(false));
  }, []);

  const toggle = (type: string, flag: Flag, value: boolean) => setRows((list) => list.map((r) => (r.alarmType === type ? { ...r, [flag]: value } : r)));

  const save = async () => {
    setSaving(true);
    try {
      setRows(await centerApi.saveAlarmControls(rows));
      toast.success(T.common.saved);
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  const flagColumn = (flag: Flag, title: string) => ({
    title,
    dataIndex: flag,
    width: 120,
    align: 'center' as const,
    render: (value: boolean, r: AlarmControl) => (
      <Switch size="small" checked={value} disabled={flag !== 'enabled' && !r.enabled} onChange={(v) => toggle(r.alarmType, flag, v)} data-testid={`${flag}-${r.alarmType}`} />
    ),
  });

  return (
    <Card
      variant="borderless"
      title={T.routes.alarmSetting}
      data-testid="alarm-setting-page"
      extra={
        <Button type="primary" loading={saving} onClick={save} data-testid="save-alarm-settings">
          {T.common.save}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{A.desc}</Typography.Paragraph>
      <Table<AlarmControl>
        rowKey="alarmType"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[{ title: A.alarmName, dataIndex: 'alarmName' }, flagColumn('enabled', A.enabled), flagColumn('sound', A.sound), flagColumn('popup', A.popup)]}
      />
    </Card>
  );
}
