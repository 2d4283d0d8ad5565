import type {
  AlarmControl, CommandCheck, CommandCheckForm, CommandListQuery, CommandPage, CommandSend, CommandSendForm,
  Geofence, GeofenceBindForm, GeofenceDeleteResult, GeofenceDetail, GeofenceInput, GeofenceListQuery, GeofencePage, GeofenceUpdate,
  LastPosition, LastPositionsQuery,
} from '@chelian/contracts';
import { get, getBytes, postForm, postJson } from '../../shared/request/helpers.ts';

const quiet = { silent: true } as const;
/** A command form addressed by vehicle ids as numbers (joined with commas on the wire). */
type ByVehicles<Form> = Omit<Form, 'terminalIds' | 'vehicleIds'> & { vehicleIds: number[] };

/** Every call the car app makes, in one place (pages never call the request layer directly). */
export const carApi = {
  lastPositions: (q: LastPositionsQuery) => get<LastPosition[]>('/car/v4/api/monitor/lastPositions.json', q, quiet),
  /** track.bin: decode with decodeTrack (@chelian/contracts) */
  trackBytes: (q: { vehicleId: number; start: number; end: number }, signal?: AbortSignal) => getBytes('/car/v4/api/monitor/track.bin', q, { signal, timeout: 120_000 }),

  alarmControls: () => get<AlarmControl[]>('/car/v4/api/alarm/control/listAlarmControlInfo.json', undefined, quiet),

  checkCommand: (q: ByVehicles<CommandCheckForm>) =>
    postForm<CommandCheck>('/car/v1/api/command/checkCommandDownBatchTer.json', { vehicleIds: q.vehicleIds.join(','), commandType: q.commandType } satisfies CommandCheckForm),
  sendCommand: (q: ByVehicles<CommandSendForm>) =>
    postForm<CommandSend>('/car/v1/api/command/commandDownBatch.json', { ...q, vehicleIds: q.vehicleIds.join(',') } satisfies CommandSendForm),
  commands: (q: CommandListQuery) => get<CommandPage>('/car/v1/api/command/listCommand.json', q, quiet),

  geofences: (q: GeofenceListQuery) => get<GeofencePage>('/car/v4/api/geofence/list.json', q),
  geofence: (geofenceId: number) => get<GeofenceDetail>('/car/v4/api/geofence/detail.json', { geofenceId }),
  vehicleFences: (vehicleId: number) => get<Geofence[]>('/car/v4/api/geofence/vehicleFences.json', { vehicleId }, quiet),
  addGeofence: (input: GeofenceInput) => postJson<GeofenceDetail>('/car/v4/api/geofence/add.json', input),
  updateGeofence: (geofenceId: number, input: GeofenceInput) => postJson<GeofenceDetail>('/car/v4/api/geofence/update.json', { geofenceId, ...input } satisfies GeofenceUpdate),
  deleteGeofences: (ids: number[]) => postForm<GeofenceDeleteResult>('/car/v4/api/geofence/delete.json', { geofenceIds: ids.join(',') }),
  bindGeofence: (geofenceId: number, vehicleIds: number[]) =>
    postForm<GeofenceDetail>('/car/v4/api/geofence/bindVehicles.json', { geofenceId, vehicleIds: vehicleIds.join(','), replace: true } satisfies GeofenceBindForm),
};
