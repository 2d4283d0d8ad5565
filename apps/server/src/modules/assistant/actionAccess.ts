import type { AssistantAction, PermissionCode } from '@chelian/contracts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { hasPermission } from '../../core/permissions.ts';

/**
 * The page each answer button opens (the shell's chatActions.ts), as the menus that may open it:
 * a button is given only to a role holding one, so an answer never points to a menu the role lacks.
 */
const OPENS: Record<string, readonly PermissionCode[]> = {
  playback: ['car:playback'],
  vehicleDetail: ['car:monitor', 'car:follow', 'car:vehicle'],
  location: ['car:monitor', 'car:follow'],
  mileageReport: ['report:mileage'],
  alarmDetail: ['report:alarm'],
  onlineDetail: ['report:online'],
};

export const mayFollow = (user: SessionUser, action: AssistantAction): boolean =>
  (OPENS[action.type] ?? []).some((code) => hasPermission(user.permissions, code));
