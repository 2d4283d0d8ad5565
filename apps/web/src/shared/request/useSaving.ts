import { useCallback, useState } from 'react';

/**
 * A dialog's save: `saving` while the work runs (for the OK button's spinner); a failed request
 * ends it quietly, because the request layer has already told the user why.
 */
export function useSaving(): { saving: boolean; run: (work: () => Promise<unknown>) => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await work();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  }, []);
  return { saving, run };
}
