import { useState } from 'react';
import { toast } from '../../../shared/ui/toast.ts';
import { T } from '../../../shared/i18n/messages.ts';
import { useLoaded } from '../../../shared/list/useLoaded.ts';

/**
 * Rows of a per-alarm-type settings page (alarm settings, push settings): loaded once, edited in
 * place by alarm type, saved as a whole; the server's answer replaces the edited rows.
 */
export function useAlarmTypeRows<R extends { alarmType: string }>(load: () => Promise<R[]>, persist: (rows: R[]) => Promise<R[]>) {
  // loaded once per page visit; a failed load lists none
  const list = useLoaded(load, null, { keepOnFailure: false });
  const { rows } = list;
  const [saving, setSaving] = useState(false);

  const patch = (type: string, change: Partial<R>) =>
    list.change((all) => all.map((r) => (r.alarmType === type ? { ...r, ...change } : r)));

  const save = async () => {
    setSaving(true);
    try {
      list.put(await persist(rows));
      toast.success(T.common.saved);
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  // list: for the list frame (ListCard), with its spinner and a failed load's 重试
  return { list, saving, patch, save };
}
