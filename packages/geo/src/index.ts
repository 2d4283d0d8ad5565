// @chelian/geo: coordinate systems, distances, geofences and the offline reverse geocoder.
// Browser code that needs only conversions can import '@chelian/geo/coords.ts' directly.
export {
  EARTH_RADIUS_METERS,
  bd09ToGcj02,
  bd09ToWgs84,
  bearingDegrees,
  convertCoordinate,
  distanceMeters,
  gcj02ToBd09,
  gcj02ToWgs84,
  polylineLengthMeters,
  removeGcjOffset,
  wgs84ToBd09,
  wgs84ToGcj02,
  type CoordinateSystem,
  type LonLat,
} from './coords.ts';
export { isInChina } from './chinaMask.ts';
export {
  fenceTransitions,
  isInsideFence,
  pointInCircle,
  pointInPolygon,
  type CircleFence,
  type Fence,
  type FenceId,
  type FenceTransition,
  type FenceTransitionResult,
  type PolygonFence,
} from './geofence.ts';
export {
  DEFAULT_REGION_DATA_URL,
  ReverseGeocoder,
  formatAddress,
  loadReverseGeocoder,
  type ReverseGeocodeResult,
} from './reverseGeocoder.ts';
export type { RegionDataFile, RegionInfo, RegionRecord } from './regionData.ts';
