import type { LastPosition } from '@chelian/contracts';
import { presentPosition } from '../../core/position.presenter.ts';
import type { LatestRow } from './monitor.queries.ts';

/** A row of latest_positions as lastPositions.json and the live feed's snapshot answer it. */
export const latestToPosition = (r: LatestRow): LastPosition =>
  presentPosition(
    { identifier: r.identifier, vehicleId: r.vehicle_id, plate: r.plate, vehicleName: r.vehicle_name, online: r.online },
    { ...r, gpsTime: r.gps_time.getTime(), receivedAt: r.received_at.getTime() },
  );
