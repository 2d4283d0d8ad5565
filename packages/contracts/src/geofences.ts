/**
 * Geofences (car app): circles and polygons drawn on the map and attached to vehicles; the
 * engine raises enter/exit alarms. Coordinates are [lon, lat], WGS-84; radius in metres.
 */
import type { Page, PageParams } from './envelope.ts';

export type LonLat = [number, number];
export type GeofenceKind = 'circle' | 'polygon';

export interface Geofence {
  geofenceId: number;
  name: string;
  kind: GeofenceKind;
  kindName: string;
  center: LonLat | null;
  radius: number | null;
  rings: LonLat[][];
  alarmEnter: boolean;
  alarmExit: boolean;
  remark: string;
  accountId: number;
  accountName: string;
  vehicleCount: number;
  created: number;
  updated: number;
}

/** detail, add, update, bindVehicles and unbindVehicles answer a fence with its vehicles. */
export interface GeofenceDetail extends Geofence {
  vehicleIds: number[];
}

/** GET /car/v4/api/geofence/list.json → obj GeofencePage */
export type GeofenceListQuery = PageParams & { keyword?: string; accountId?: number };
export type GeofencePage = Page<Geofence>;

/** POST /car/v4/api/geofence/add.json (JSON) → obj GeofenceDetail; a circle has center and radius, a polygon rings. */
export type GeofenceInput = {
  name: string;
  kind: GeofenceKind;
  center?: LonLat;
  radius?: number;
  rings?: LonLat[][];
  alarmEnter?: boolean;
  alarmExit?: boolean;
  remark?: string;
  accountId?: number;
};
/** POST /car/v4/api/geofence/update.json (JSON) → obj GeofenceDetail */
export type GeofenceUpdate = GeofenceInput & { geofenceId: number };
/** POST /car/v4/api/geofence/delete.json (form, geofenceIds comma-separated) → obj GeofenceDeleteResult */
export interface GeofenceDeleteResult {
  deleted: number;
}
/** POST /car/v4/api/geofence/bindVehicles.json (form; replace: the fence's vehicles become exactly these) → obj GeofenceDetail */
export type GeofenceBindForm = { geofenceId: number; vehicleIds: string; replace?: boolean };
