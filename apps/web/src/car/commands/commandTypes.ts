/** The commands a terminal can be sent (issue 4 item 7), with what each needs. */
export const COMMAND_TYPES = [
  { type: 'cutOil', name: '断油断电', danger: true },
  { type: 'restoreOil', name: '恢复油电', danger: false },
  { type: 'locateNow', name: '立即定位', danger: false },
  { type: 'setInterval', name: '设置上传间隔', danger: false, needs: 'seconds' },
  { type: 'reboot', name: '重启终端', danger: false },
  { type: 'text', name: '下发文本', danger: false, needs: 'text' },
  { type: 'custom', name: '自定义指令', danger: false, needs: 'custom' },
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
