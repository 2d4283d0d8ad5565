import { useEffect, useState } from 'react';
import type { ImportVerifyResult } from '@chelian/contracts';
import { RequestError } from '../request/RequestError.ts';

/**
 * The check-then-import steps of every sheet import dialog: a chosen file is checked at once
 * (its rows and reasons shown with ImportCheckResult, `key={round}`), the import runs only when
 * every row passed, and an import the server refuses for its rows (`rejected`) shows the fresh
 * reasons instead. Other failures the request layer has already told the user.
 */
export function useImportCheck(open: boolean, rejected: { code: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportVerifyResult | null>(null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setChecked(null);
  }, [open]);

  const show = (result: ImportVerifyResult) => (setChecked(result), setRound((n) => n + 1));
  const check = async (picked: File, verify: (file: File) => Promise<ImportVerifyResult>) => {
    setFile(picked);
    setChecked(null);
    setBusy('checking');
    try {
      show(await verify(picked));
    } catch {
      setFile(null); // the sheet itself is unreadable (wrong columns, not Excel): the request layer said why
    } finally {
      setBusy(null);
    }
  };
  const submit = async (run: (file: File) => Promise<void>) => {
    if (!file) return;
    setBusy('importing');
    try {
      await run(file);
    } catch (err) {
      // Something changed since the check: show the fresh row reasons.
      if (err instanceof RequestError && err.is(rejected)) show(err.obj as ImportVerifyResult);
    } finally {
      setBusy(null);
    }
  };
  const ready = !!checked && checked.invalid === 0 && checked.total > 0;
  return { file, checked, round, busy, ready, check, submit };
}
