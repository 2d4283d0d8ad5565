import { pathTokens } from '../core/terminalScope.ts';

/**
 * Bus subjects. Live events carry the owning account's path as tokens, so a subscriber takes a
 * whole account subtree with one wildcard: account '/1/5/' listens on 'pos.1.5.>'; a platform
 * administrator (scope '/') on 'pos.>', which includes unassigned terminals ('pos.<terminal>').
 */
export type LiveKind = 'pos' | 'alarm' | 'presence';

/** An account path's tokens as a subject prefix ('/1/5/' → '1.5.'), remembered: every stored position is published. */
const pathPrefixes = new Map<string | null, string>();
const pathPrefix = (accountPath: string | null) => {
  let prefix = pathPrefixes.get(accountPath);
  if (prefix === undefined) {
    if (pathPrefixes.size >= 10_000) pathPrefixes.clear();
    pathPrefixes.set(
      accountPath,
      (prefix = pathTokens(accountPath)
        .map((t) => `${t}.`)
        .join('')),
    );
  }
  return prefix;
};

export const subjects = {
  live: (kind: LiveKind, accountPath: string | null, identifier: string) => `${kind}.${pathPrefix(accountPath)}${identifier}`,
  liveOfScope: (kind: LiveKind, scope: string) => [kind, ...pathTokens(scope), '>'].join('.'),
  /** A command for the gateway that holds this terminal's socket. */
  command: (identifier: string) => `cmd.${identifier}`,
  allCommands: 'cmd.>',
  /** A terminal's owner, vehicle or settings changed: gateways refresh what they cached. */
  terminalChanged: (identifier: string) => `terminal.changed.${identifier}`,
  allTerminalChanges: 'terminal.changed.>',
  /** Sessions were ended on the server (a user or account disabled, a password changed or reset): every live feed re-checks its own at once. */
  sessionsEnded: 'sessions.ended',
  /** An account's alarm on/off settings changed: its live feeds reload which alarm types they push. */
  alarmControlsChanged: (accountId: number) => `alarmControls.changed.${accountId}`,
  allAlarmControlChanges: 'alarmControls.changed.>',
  /** An account's push destinations changed: the jobs role's MQTT position forwarding follows. */
  alarmPushChanged: (accountId: number) => `alarmPush.changed.${accountId}`,
  allAlarmPushChanges: 'alarmPush.changed.>',
  /** An alarm delivery was made due now (重新推送): the jobs role's worker sends it at once instead of at its next pass. */
  alarmDeliveryDue: 'alarmDeliveries.due',
  /** An export was queued: the jobs role's worker starts on it at once (its poll only catches what this missed). */
  exportQueued: 'exports.queued',
  /** A process's own bus probe (core/readiness.ts): published and heard back by it, for the bus lag metric. */
  probe: (instance: string) => `ops.probe.${instance}`,
};

export interface CommandNotice {
  commandId: number;
}
