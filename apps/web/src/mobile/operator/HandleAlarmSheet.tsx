import { useState } from 'react';
import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import type { Alarm } from '@chelian/contracts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { errorText } from '../../shared/request/RequestError.ts';
import { T } from '../../shared/i18n/messages.ts';
import { processAlarm } from './alarms.ts';
import { O } from './texts.ts';

const A = O.alarms;

/** 处理 from the bottom of the screen: the alarm, an optional note, 确认处理. */
export function HandleAlarmSheet({
  alarm,
  onClose,
  onHandled,
}: {
  alarm: Alarm | null;
  onClose: () => void;
  onHandled: (a: Alarm) => void;
}) {
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!alarm) return;
    setSaving(true);
    try {
      await processAlarm(alarm.alarmId, note);
      Toast.show({ icon: 'success', content: A.done });
      onHandled({ ...alarm, handled: true, handleNote: note.trim(), handledAt: Date.now() });
      setNote('');
    } catch (error) {
      Toast.show({ content: errorText(error, T.request.networkError) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={alarm !== null} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      {alarm && (
        <div className="m-block" data-testid="mo-handle-sheet">
          <h3 style={{ margin: '0 0 4px' }}>
            {alarm.typeName} · {alarm.plate || alarm.terminalId}
          </h3>
          <div className="m-muted">{beijingFormat(alarm.alarmTime)}</div>
          <p style={{ margin: '12px 0 4px' }}>{A.note}</p>
          <TextArea
            placeholder={A.notePlaceholder}
            value={note}
            onChange={setNote}
            maxLength={500}
            rows={3}
            showCount
            style={{ '--font-size': '15px' }}
          />
          <Button block color="primary" size="large" loading={saving} onClick={() => void submit()} style={{ marginTop: 12 }}>
            {A.confirm}
          </Button>
        </div>
      )}
    </Popup>
  );
}
