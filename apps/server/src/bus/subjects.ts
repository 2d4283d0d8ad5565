import { pathTokens } from '../modules/terminals/terminalScope.ts';

/**
 * Bus subjects. Live events carry the owning account's path as tokens, so a subscriber takes a
 * whole account subtree with one wildcard: account '/1/5/' listens on 'pos.1.5.>'; a platform
 * administrator (scope '/') on 'pos.>', which includes unassigned terminals ('pos.<terminal>').
 */
export type LiveKind = 'pos' | 'alarm' | 'presence';

export const subjects = {
  live: (kind: LiveKind, accountPath: string | null, identifier: string) => [kind, ...pathTokens(accountPath), identifier].join('.'),
  liveOfScope: (kind: LiveKind, scope: string) => [kind, ...pathTokens(scope), '>'].join('.'),
  /** A command for the gateway that holds this terminal's socket. */
  command: (identifier: string) => `cmd.${identifier}`,
  allCommands: 'cmd.>',
  /** A terminal's owner, vehicle or settings changed: gateways refresh what they cached. */
  terminalChanged: (identifier: string) => `terminal.changed.${identifier}`,
  allTerminalChanges: 'terminal.changed.>',
  /** An account's alarm on/off settings changed: its live feeds reload which alarm types they push. */
  alarmControlsChanged: (accountId: number) => `alarmControls.changed.${accountId}`,
};

export interface CommandNotice {
  commandId: number;
}
