import { accountEndpoints, alarmEndpoints, alarmPushEndpoints, helpMessageEndpoints, systemEndpoints } from '@chelian/contracts';
import { mayCall, type Guarded } from '../../shared/permission/mayCall.ts';
import type { PermissionSets } from '../../shared/permission/permissions.ts';

/**
 * The calls the shell makes on its own for a signed-in user — the home page's figures and
 * widgets, the header (account selector, alarm bell and tip, browser notices) — each with what
 * the page does when the role may not make it. Every one is asked through mayCall first, so a
 * restricted role's home page makes no call that answers 403.
 */
export const SHELL_CALLS = {
  /** 终端总数, 即将到期: the account's own figures */
  accountStatus: systemEndpoints.accountStatus,
  /** 未读消息 and 最新公告: hidden without 站内信 */
  notices: helpMessageEndpoints.page,
  /** the account selector */
  customerTree: accountEndpoints.customerTree,
  /** the alarm bell's count */
  alarmCount: alarmEndpoints.realtimeCount,
  /** the alarm tip's sound and pop-up per type (报警设置): every type's defaults without it */
  alarmControls: alarmPushEndpoints.listControls,
  /** desktop notifications */
  browserNotices: alarmPushEndpoints.browserNotices,
} satisfies Record<string, Guarded>;

export type ShellCall = keyof typeof SHELL_CALLS;

/** Which of the shell's own calls the role may make. */
export function permittedShellCalls(sets: PermissionSets): Record<ShellCall, boolean> {
  return Object.fromEntries(Object.entries(SHELL_CALLS).map(([name, endpoint]) => [name, mayCall(sets, endpoint)])) as Record<
    ShellCall,
    boolean
  >;
}
