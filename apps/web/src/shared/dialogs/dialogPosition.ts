import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { TERMINAL_ERRORS, monitorEndpoints, type LastPosition } from '@chelian/contracts';
import { RequestError } from '../request/RequestError.ts';
import { call } from '../request/call.ts';
import { useLoaded, useReloadEvery } from '../list/useLoaded.ts';

/** The dialog's one cadence: every tab shows the same poll's answer. */
export const DIALOG_POLL_MS = 5000;

/** What the dialog's tabs read of its terminal's live position. */
export interface DialogPosition {
  /** true until the first answer for this terminal (a panel shows its spinner) */
  loading: boolean;
  /** the last position, null when it has none or the first load failed (a failed poll keeps the last one) */
  position: LastPosition | null;
  /** why there is no position when the server says (an expired service), else '' */
  withheld: string;
}

interface Seen {
  terminalId: string;
  position: LastPosition | null;
  withheld: string;
}

/** A withheld position is an answer the panel shows; any other failure is kept beside the last position (quiet). */
export const lastSeen = (terminalId: string): Promise<Seen> =>
  call(monitorEndpoints.lastPositions, { terminalIds: terminalId }, { silent: true }).then(
    ([position]) => ({ terminalId, position: position ?? null, withheld: '' }),
    (err: unknown) => {
      if (err instanceof RequestError && err.is(TERMINAL_ERRORS.serviceExpired))
        return { terminalId, position: null, withheld: err.message };
      throw err;
    },
  );

interface DialogLive extends DialogPosition {
  /** a tab that shows the position says so while it is mounted; the poll runs only while one does */
  read: () => () => void;
}

const DialogPositionContext = createContext<DialogLive | null>(null);
export const DialogPositionProvider = DialogPositionContext.Provider;

/**
 * The dialog's one live position of `terminalId` ('' for none), for all its tabs: one poll every
 * DIALOG_POLL_MS while a tab reads it (none in the car app, whose live fleet the panels read
 * instead), stopped when the dialog closes (it unmounts).
 */
export function useDialogLive(terminalId: string): DialogLive {
  const [readers, setReaders] = useState(0);
  const read = useCallback(() => {
    setReaders((n) => n + 1);
    return () => setReaders((n) => n - 1);
  }, []);
  const polling = readers > 0 && Boolean(terminalId);
  const seen = useLoaded(lastSeen, terminalId, { silent: true, enabled: polling });
  useReloadEvery(seen.reload, DIALOG_POLL_MS, polling);
  // this terminal's answer only (not the last one's while another loads)
  const mine = seen.data?.terminalId === terminalId && !seen.loading ? seen.data : null;
  const loading = Boolean(terminalId) && !mine && (seen.loading || seen.error === null);
  return { read, loading, position: mine?.position ?? null, withheld: mine?.withheld ?? '' };
}

/**
 * Inside the vehicle dialog: its one live position, read while `wanted` (the tab's panel needs a
 * polled position); null outside the dialog (the follow page polls by itself).
 */
export function useDialogPosition(wanted: boolean): DialogPosition | null {
  const live = useContext(DialogPositionContext);
  const read = live?.read;
  useEffect(() => (wanted && read ? read() : undefined), [wanted, read]);
  return live;
}
