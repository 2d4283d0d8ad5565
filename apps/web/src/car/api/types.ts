/**
 * Shapes the car app reads from the server that are not yet in @chelian/contracts (see the
 * presenters in apps/server/src/modules). Alarms, commands, positions and geofences are there already.
 */

export interface Vehicle {
  vehicleId: number;
  name: string;
  plate: string;
  type: string;
  typeName: string;
  accountId: number;
  accountName: string;
  groupId: number | null;
  groupName: string;
  driver: string;
  driverPhone: string;
  terminalId: string;
  protocol: string;
  protocolName: string;
  model: string;
  sim: string;
  online: boolean;
  terminalStatus: string;
  terminalStatusName: string;
  activatedAt: number | null;
  serviceExpiresAt: number | null;
  lastSeenAt: number | null;
}

export interface GroupNode {
  id: number;
  name: string;
  parentId: number | null;
  accountId: number;
  accountName: string;
  vehicleCount: number;
  children: GroupNode[];
}

// One vehicle's track as typed columns, decoded from track.bin (the format is defined once, in contracts).
export type { Track } from '@chelian/contracts';
// Imported from here by the map's fence layer.
export type { Geofence } from '@chelian/contracts';
