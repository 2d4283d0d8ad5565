import type { VehicleTab } from '../../shared/bridge/bridgeTypes.ts';

/**
 * A chat action button of spec §1 as the widget hands it over: its type one of the contracts'
 * ASSISTANT_ACTION_TYPES, or another, which resolves to 'unknown'; the vehicle by vehicleId.
 */
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
