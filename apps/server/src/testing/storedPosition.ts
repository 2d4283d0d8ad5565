import type { StoredPosition } from '../gateway/ingest.queries.ts';

/** A row as the gateway stores it, for tests: a plausible moving fix in Shanghai, `fields` on top. */
export function storedPosition(fields: Partial<StoredPosition> & Pick<StoredPosition, 'terminalPk' | 'gpsTime'>): StoredPosition {
  return {
    receivedAt: fields.gpsTime + 500,
    lat: 31.2,
    lon: 121.4,
    speed: 40,
    course: 90,
    altitude: 12,
    valid: true,
    satellites: 9,
    acc: true,
    mileage: null,
    alarms: [],
    extras: null,
    ...fields,
  };
}
