import { COMMAND_NAMES_ZH, commandEndpoints, type CommandSend } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** The commands a phone offers: those that need no parameters (the desktop's 指令下发 has the rest). */
export const PHONE_COMMANDS = [
  { type: 'locateNow', name: COMMAND_NAMES_ZH.locateNow, danger: false },
  { type: 'cutOil', name: COMMAND_NAMES_ZH.cutOil, danger: true },
  { type: 'restoreOil', name: COMMAND_NAMES_ZH.restoreOil, danger: false },
  { type: 'reboot', name: COMMAND_NAMES_ZH.reboot, danger: false },
] as const;
export type PhoneCommand = (typeof PHONE_COMMANDS)[number];

/** The send permission, as the desktop's 指令下发 button checks it. */
export const COMMAND_PERMISSION = 'car:command:send';

/** Whether the terminal can take the command: '' when yes, else the server's reason. */
export async function checkCommand(terminalId: string, commandType: PhoneCommand['type']): Promise<string> {
  const check = await call(commandEndpoints.check, { terminalIds: terminalId, commandType }, { silent: true });
  const item = check.list.find((i) => i.terminalId === terminalId);
  if (!item) return check.list[0]?.reason ?? '';
  return item.supported ? '' : item.reason;
}

export async function sendCommand(terminalId: string, commandType: PhoneCommand['type']): Promise<CommandSend['list'][number] | undefined> {
  const result = await call(commandEndpoints.send, { terminalIds: terminalId, commandType }, { silent: true });
  return result.list.find((i) => i.terminalId === terminalId) ?? result.list[0];
}
