import { useState } from 'react';
import { Input, Modal } from 'antd';
import { toast } from '../ui/toast.ts';
import { alarmEndpoints } from '@chelian/contracts';
import { call } from '../request/call.ts';
import type { Alarm } from '@chelian/contracts';
import { useVehicleSource } from '../vehicle/vehicleSource.ts';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';

/** Handling with a note (processAlarm): who and when are recorded by the server. */
export function ProcessAlarmModal({ alarms, onClose, onDone }: { alarms: Alarm[]; onClose: () => void; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const fleet = useVehicleSource();
  const submit = async () => {
    setBusy(true);
    try {
      const { updated } = await call(alarmEndpoints.process, { alarmIds: alarms.map((a) => a.alarmId).join(','), note: note.trim() });
      toast.success(M.alarm.processDone(updated));
      fleet?.alarmsHandled(alarms, note.trim());
      setNote('');
      onDone();
    } catch {
      /* the request layer has shown why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={alarms.length > 0}
      title={M.alarm.processTitle(alarms.length)}
      okText={M.common.save}
      cancelText={M.common.cancel}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      data-testid="process-alarm-modal"
    >
      {alarms.length === 1 && (
        <p style={{ color: '#5f6670' }}>
          {alarms[0].plate || alarms[0].terminalId} · {alarms[0].typeName}
        </p>
      )}
      <Input.TextArea
        rows={4}
        maxLength={500}
        showCount
        placeholder={M.alarm.notePlaceholder}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        data-testid="process-note"
      />
    </Modal>
  );
}
