/** Monitor (car app): the fleet's current positions; the track is in track.ts. */

/**
 * A terminal's current position, whether read from GET /car/v4/api/monitor/lastPositions.json
 * (obj LastPosition[]) or pushed by the live feed. WGS-84 as received; speed km/h; times epoch ms.
 */
export interface LastPosition {
  terminalId: string;
  vehicleId: number | null;
  plate: string;
  name: string;
  lat: number;
  lon: number;
  speed: number;
  direction: number;
  altitude: number;
  gpsTime: number;
  receivedAt: number;
  valid: boolean;
  online: boolean;
  acc: boolean | null;
  satellites: number | null;
  mileage: number | null;
  alarms: string[];
  alarmNames: string[];
  /** protocol-specific extras (e.g. fuel, temperature), keyed by name */
  extras: Record<string, unknown>;
}

/** terminalIds comma-separated; without them the visible fleet in windows of `limit` (default 2000) from `offset`. */
export type LastPositionsQuery = { terminalIds?: string; limit?: number; offset?: number };

/** A terminal going online or offline, as the live feed pushes it; at is epoch ms. */
export interface Presence {
  terminalId: string;
  vehicleId: number | null;
  plate: string;
  online: boolean;
  at: number;
}
