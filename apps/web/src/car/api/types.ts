/** Shapes the car app reads from the server (see the presenters in apps/server/src/modules). */
import type { Page } from '@chelian/contracts';

export type { Page };

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

// One shape for the server's lastPositions answer, shared with the shell's vehicle dialog.
export type { LastPosition } from '../../shared/api/vehicleApi.ts';

export interface Presence {
  terminalId: string;
  vehicleId: number | null;
  plate: string;
  online: boolean;
  at: number;
}

// One vehicle's track as typed columns, decoded from track.bin (the format is defined once, in contracts).
export type { Track } from '@chelian/contracts';

export interface Alarm {
  alarmId: number;
  terminalId: string;
  vehicleId: number | null;
  plate: string;
  name: string;
  type: string;
  typeName: string;
  alarmTime: number;
  receivedAt: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  handled: boolean;
  handledBy: string;
  handledAt: number | null;
  handleNote: string;
}

export interface AlarmControl {
  alarmType: string;
  alarmName: string;
  enabled: boolean;
  sound: boolean;
  popup: boolean;
}

export interface CommandCheck {
  total: number;
  supported: number;
  online: number;
  list: Array<{ terminalId: string; vehicleId: number | null; plate: string; protocol: string; online: boolean; supported: boolean; canSendNow: boolean; reason: string }>;
}

export interface CommandSend {
  total: number;
  sent: number;
  queued: number;
  unsupported: number;
  list: Array<{ terminalId: string; plate: string; commandId: number | null; status: string; reason: string }>;
}

export interface CommandRecord {
  commandId: number;
  terminalId: string;
  plate: string;
  type: string;
  typeName: string;
  params: Record<string, unknown>;
  status: string;
  statusName: string;
  userName: string;
  created: number;
  expiresAt: number;
  sentAt: number | null;
  repliedAt: number | null;
  replySuccess: boolean | null;
  replyText: string;
}

export interface Geofence {
  geofenceId: number;
  name: string;
  kind: 'circle' | 'polygon';
  kindName: string;
  center: [number, number] | null;
  radius: number | null;
  rings: Array<Array<[number, number]>>;
  alarmEnter: boolean;
  alarmExit: boolean;
  remark: string;
  accountId: number;
  accountName: string;
  vehicleCount: number;
  created: number;
  updated: number;
  vehicleIds?: number[];
}

export interface GeofenceInput {
  name: string;
  kind: 'circle' | 'polygon';
  center?: [number, number];
  radius?: number;
  rings?: Array<Array<[number, number]>>;
  alarmEnter: boolean;
  alarmExit: boolean;
  remark?: string;
}
