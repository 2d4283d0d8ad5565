import type { ResourceNode } from '@chelian/contracts';

/** The vehicle-info dialog tab: '' = basic information, 'follow' = live location. */
export type VehicleTab = '' | 'follow';

/** The customer (account) the operator works on, picked in the vehicle-group selector. */
export interface NavUserClient {
  userId: number;
  accountId: number;
  accountName: string;
}

/**
 * The typed bridge between the shell and a sub-product app (spec §4 cross-module messages).
 * Direction is noted per type; both sides ignore anything that is not one of these.
 */
export interface BridgePayloads {
  /** either way: go to a path. child → shell: a shell path; shell → child: a path inside the child */
  goPage: { path: string; replace?: boolean };
  /** shell → child: the operator picked another customer in the vehicle-group selector */
  changeClient: { client: NavUserClient | null };
  /** child → shell: the child's current menu entry, so the shell mirrors path and title */
  updateMenu: { path: string; title: string; menuId?: number };
  /** child → shell: show or hide the vehicle-group selector in the header */
  showDownList: { show: boolean };
  /** child → shell: open the vehicle-info dialog */
  showVehInfo: { vehicleId: string; tab: VehicleTab };
  /** either way: ask the other side for its resource data; it answers with changeResourceData */
  getResourceData: Record<string, never>;
  /** either way: resource data (tree) changed or is the answer to getResourceData */
  changeResourceData: { resources: ResourceNode[] };
  /** child → shell: open the image viewer */
  showImage: { urls: string[]; index?: number };
  /** child → shell: a call met 4010; the shell shows its one 会话过期 dialog (never a second, stacked one in the frame) */
  sessionExpired: Record<string, never>;
}

export type BridgeType = keyof BridgePayloads;

export const BRIDGE_TYPES: readonly BridgeType[] = [
  'goPage',
  'changeClient',
  'updateMenu',
  'showDownList',
  'showVehInfo',
  'getResourceData',
  'changeResourceData',
  'showImage',
  'sessionExpired',
];

export const BRIDGE_SOURCE = 'chelian-bridge';

export type BridgeMessage<K extends BridgeType = BridgeType> = {
  [P in K]: { source: typeof BRIDGE_SOURCE; type: P; payload: BridgePayloads[P]; system?: string };
}[K];
