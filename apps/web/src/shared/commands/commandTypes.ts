import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';

/** The commands a terminal can be sent (issue 4 item 7), with what each needs. */
export const COMMAND_TYPES = [
  { type: 'cutOil', name: M.commandNames.cutOil, danger: true },
  { type: 'restoreOil', name: M.commandNames.restoreOil, danger: false },
  { type: 'locateNow', name: M.commandNames.locateNow, danger: false },
  { type: 'setInterval', name: M.commandNames.setInterval, danger: false, needs: 'seconds' },
  { type: 'reboot', name: M.commandNames.reboot, danger: false },
  { type: 'text', name: M.commandNames.text, danger: false, needs: 'text' },
  { type: 'custom', name: M.commandNames.custom, danger: false, needs: 'custom' },
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
