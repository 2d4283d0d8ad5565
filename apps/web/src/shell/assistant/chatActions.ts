import type { VehicleTab } from '../../shared/bridge/bridgeTypes.ts';

/** Chat action buttons of spec §1; the vehicle is referenced by vehicleId. */
export const CHAT_ACTION_TYPES = ['playback', 'vehicleDetail', 'location', 'mileageReport', 'alarmDetail', 'onlineDetail'] as const;
export type ChatActionType = (typeof CHAT_ACTION_TYPES)[number];

export interface ChatAction {
  type: string;
  vehicleId?: string | number;
}

export type ChatEffect =
  | { kind: 'newTab'; url: string }
  | { kind: 'vehicle'; vehicleId: string; tab: VehicleTab }
  | { kind: 'navigate'; path: string }
  | { kind: 'unknown'; type: string };

const REPORTS: Record<string, string> = {
  mileageReport: '/data-report/dataReport/mileageReport',
  alarmDetail: '/data-report/dataReport/alarmInfo',
  onlineDetail: '/data-report/dataReport/carDayOnline',
};

export function resolveChatAction(action: ChatAction): ChatEffect {
  const vehicleId = action.vehicleId === undefined || action.vehicleId === null ? '' : String(action.vehicleId);
  const query = vehicleId ? `vehicleId=${encodeURIComponent(vehicleId)}` : '';
  switch (action.type) {
    case 'playback':
      return { kind: 'newTab', url: `/car/playback?urlType=blank${query ? `&${query}` : ''}` };
    case 'vehicleDetail':
      return { kind: 'vehicle', vehicleId, tab: '' };
    case 'location':
      return { kind: 'vehicle', vehicleId, tab: 'follow' };
    case 'mileageReport':
    case 'alarmDetail':
    case 'onlineDetail':
      return { kind: 'navigate', path: `${REPORTS[action.type]}${query ? `?${query}` : ''}` };
    default:
      return { kind: 'unknown', type: String(action.type) };
  }
}
