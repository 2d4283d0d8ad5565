import type { TrackRow } from './track.queries.ts';

/** A point of track.json: epoch ms, WGS-84, km/h, km (floats stored as real, rounded to what they mean). */
export const presentTrackPoint = (p: TrackRow) => ({
  gpsTime: p.gps_time.getTime(),
  lat: p.lat,
  lon: p.lon,
  speed: Math.round(p.speed * 10) / 10,
  direction: p.course,
  altitude: Math.round(p.altitude * 10) / 10,
  valid: p.valid,
  acc: p.acc,
  mileage: p.mileage === null ? null : Math.round(p.mileage * 10) / 10,
  alarms: p.alarms,
});
