import { COMMAND_NAMES_ZH as N } from '@chelian/contracts';

/** The commands a terminal can be sent (issue 4 item 7), with what each needs. */
export const COMMAND_TYPES = [
  { type: 'cutOil', name: N.cutOil, danger: true },
  { type: 'restoreOil', name: N.restoreOil, danger: false },
  { type: 'locateNow', name: N.locateNow, danger: false },
  { type: 'setInterval', name: N.setInterval, danger: false, needs: 'seconds' },
  { type: 'reboot', name: N.reboot, danger: false },
  { type: 'text', name: N.text, danger: false, needs: 'text' },
  { type: 'custom', name: N.custom, danger: false, needs: 'custom' },
] as const;

export type CommandType = (typeof COMMAND_TYPES)[number]['type'];

export const commandOf = (type: string) => COMMAND_TYPES.find((c) => c.type === type);

/** Statuses still waiting on the terminal: the results table keeps polling while any is shown. */
export const PENDING_STATUSES = new Set(['queued', 'sent']);

export const STATUS_COLORS: Record<string, string> = {
  queued: 'default',
  sent: 'processing',
  replied: 'success',
  failed: 'error',
  unsupported: 'warning',
  expired: 'default',
};
