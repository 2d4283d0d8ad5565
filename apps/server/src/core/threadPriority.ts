import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Background threads (password hashes, sheet parsing) run at Linux's lowest priority: they get the
 * CPU the event loop and PostgreSQL leave, so the terminals' replies come first; on an idle machine
 * they run as fast as ever.
 */
export const BACKGROUND_NICENESS = 19;

/**
 * Lowers the calling thread's priority, and only its: on Linux setpriority() on a thread id touches
 * that thread, and /proc/thread-self names it. The niceness it set, or null where it cannot (not Linux).
 */
export function lowerThisThread(niceness = BACKGROUND_NICENESS): number | null {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), niceness);
    return niceness;
  } catch {
    return null;
  }
}
