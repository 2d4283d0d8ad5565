import { commandEndpoints, type CommandSend } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { vehicleTexts } from '../../shared/i18n/vehicleTexts.ts';

/** The commands a phone offers: those that need no parameters (the desktop's 指令下发 has the rest). */
export const PHONE_COMMANDS = [
  { type: 'locateNow', name: vehicleTexts.commandNames.locateNow, danger: false },
  { type: 'cutOil', name: vehicleTexts.commandNames.cutOil, danger: true },
  { type: 'restoreOil', name: vehicleTexts.commandNames.restoreOil, danger: false },
  { type: 'reboot', name: vehicleTexts.commandNames.reboot, danger: false },
] as const;
export type PhoneCommand = (typeof PHONE_COMMANDS)[number];

/** The send permission, as the desktop's 指令下发 button checks it. */
export const COMMAND_PERMISSION = 'car:command:send';

/** Whether the terminal can take the command: '' when yes, else the server's reason. */
export async function checkCommand(terminalId: string, commandType: string): Promise<string> {
  const check = await call(commandEndpoints.check, { terminalIds: terminalId, commandType }, { silent: true });
  const item = check.list.find((i) => i.terminalId === terminalId);
  if (!item) return check.list[0]?.reason ?? '';
  return item.supported ? '' : item.reason;
}

export async function sendCommand(terminalId: string, commandType: string): Promise<CommandSend['list'][number] | undefined> {
  const result = await call(commandEndpoints.send, { terminalIds: terminalId, commandType }, { silent: true });
  return result.list.find((i) => i.terminalId === terminalId) ?? result.list[0];
}
