import { Badge, Button, Popover, Space, Switch, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { T } from '../../shared/i18n/messages.ts';
import { ALARM_PAGE } from '../constants.ts';

/** Header alarm entry: unhandled real-time alarm count and the alarm sound switch (alarmVoiceOn). */
export function AlarmBell() {
  const navigate = useNavigate();
  const total = useClientStore((s) => s.alarmRealTime.total);
  const voiceOn = useClientStore((s) => s.alarmVoiceOn);
  const content = (
    <Space direction="vertical" size={12} style={{ width: 220 }}>
      <Typography.Text>{T.alarmTip.text(total)}</Typography.Text>
      <Space>
        <Typography.Text>{T.layout.alarmSound}</Typography.Text>
        <Switch
          data-testid="alarm-voice-switch"
          checked={voiceOn}
          checkedChildren="开"
          unCheckedChildren="关"
          onChange={(on) => useClientStore.getState().update({ alarmVoiceOn: on })}
        />
      </Space>
      <Button type="primary" size="small" block onClick={() => navigate(ALARM_PAGE)}>
        {T.alarmTip.view}
      </Button>
    </Space>
  );
  return (
    <Popover content={content} title={T.layout.alarm} trigger="click" placement="bottomRight">
      <Button type="text" className="cl-header-icon" data-testid="alarm-bell" aria-label={T.layout.alarm}>
        <Badge count={total} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18, color: 'inherit' }} />
        </Badge>
      </Button>
    </Popover>
  );
}
