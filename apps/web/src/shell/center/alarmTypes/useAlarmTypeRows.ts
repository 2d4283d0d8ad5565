import { useEffect, useState } from 'react';
import { toast } from '../../../shared/ui/toast.ts';
import { T } from '../../../shared/i18n/messages.ts';

/**
 * Rows of a per-alarm-type settings page (alarm settings, push settings): loaded once, edited in
 * place by alarm type, saved as a whole; the server's answer replaces the edited rows.
 */
export function useAlarmTypeRows<R extends { alarmType: string }>(load: () => Promise<R[]>, persist: (rows: R[]) => Promise<R[]>) {
  const [rows, setRows] = useState<R[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    load()
      .then(setRows)
      .catch(() => setRows([]))
      .finally(() => setLoading(false));
    // loaded once per page visit
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const patch = (type: string, change: Partial<R>) => setRows((list) => list.map((r) => (r.alarmType === type ? { ...r, ...change } : r)));

  const save = async () => {
    setSaving(true);
    try {
      setRows(await persist(rows));
      toast.success(T.common.saved);
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  return { rows, loading, saving, patch, save };
}
