// Coordinate systems used by Chinese maps, and distances on the WGS-84 sphere.
//
// Positions are stored in WGS-84 as received from terminals; GCJ-02 (AMap, Tencent, Tianditu
// in China) and BD-09 (Baidu) exist only at the edge, for drawing and for street-level
// providers. The offsets apply only inside China (see chinaMask.ts): elsewhere every system
// is plain WGS-84, so points outside China come back unchanged.
import { isInChina, isNearChina } from './chinaMask.ts';

/** [longitude, latitude] in degrees, the GeoJSON order. */
export type LonLat = readonly [lon: number, lat: number];

export type CoordinateSystem = 'WGS84' | 'GCJ02' | 'BD09';

// Krasovsky 1940 ellipsoid, as used by the published GCJ-02 algorithm.
const KRASOVSKY_A = 6378245;
const KRASOVSKY_EE = 0.006693421622965943;
const BD_X_PI = (Math.PI * 3000) / 180;
// The inverses are solved by fixed-point iteration; 1e-9° is ~0.1 mm.
const INVERSE_TOLERANCE_DEG = 1e-9;
const INVERSE_MAX_ITERATIONS = 30;

function gcjOffsetLat(x: number, y: number): number {
  let ret = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  ret += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  ret += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return ret;
}

function gcjOffsetLon(x: number, y: number): number {
  let ret = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  ret += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  ret += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return ret;
}

/** The GCJ-02 offset without the China test (callers decide where it applies). */
function applyGcjOffset(lon: number, lat: number): LonLat {
  const radLat = (lat / 180) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - KRASOVSKY_EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (gcjOffsetLat(lon - 105, lat - 35) * 180) / (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLon = (gcjOffsetLon(lon - 105, lat - 35) * 180) / ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lon + dLon, lat + dLat];
}

function applyBdOffset(gcjLon: number, gcjLat: number): LonLat {
  const z = Math.sqrt(gcjLon * gcjLon + gcjLat * gcjLat) + 0.00002 * Math.sin(gcjLat * BD_X_PI);
  const theta = Math.atan2(gcjLat, gcjLon) + 0.000003 * Math.cos(gcjLon * BD_X_PI);
  return [z * Math.cos(theta) + 0.0065, z * Math.sin(theta) + 0.006];
}

/**
 * Inverts a forward offset by fixed-point iteration. The offsets are smooth and small
 * (< 0.02°), so each step gains several digits; the closed-form inverses usually quoted
 * are only good to ~1e-5°, which shows as metres of drift on round trips.
 */
function invertOffset(forward: (lon: number, lat: number) => LonLat, lon: number, lat: number): LonLat {
  let guessLon = lon;
  let guessLat = lat;
  for (let i = 0; i < INVERSE_MAX_ITERATIONS; i++) {
    const [fLon, fLat] = forward(guessLon, guessLat);
    const errLon = fLon - lon;
    const errLat = fLat - lat;
    guessLon -= errLon;
    guessLat -= errLat;
    if (Math.abs(errLon) < INVERSE_TOLERANCE_DEG && Math.abs(errLat) < INVERSE_TOLERANCE_DEG) break;
  }
  return [guessLon, guessLat];
}

// Whether an offset applies is always decided on the WGS-84 position underneath (for a GCJ-02
// or BD-09 point, its inverse), so every path between the systems agrees and round trips are
// exact for every point in China, even within an offset's distance of the mask's edge.

/**
 * An inverse lands within 1e-9° of the original point, which can be across a mask cell
 * edge from it; a centimetre of slack keeps round trips exact there.
 */
function inverseLandsInChina([lon, lat]: LonLat): boolean {
  const slack = 1e-7;
  return (
    isInChina(lon, lat) ||
    isInChina(lon - slack, lat - slack) ||
    isInChina(lon + slack, lat - slack) ||
    isInChina(lon - slack, lat + slack) ||
    isInChina(lon + slack, lat + slack)
  );
}

/** The GCJ-02 point's WGS-84 position, if that position is in China. */
function chineseGcjToWgs(lon: number, lat: number): LonLat | undefined {
  if (!isNearChina(lon, lat)) return undefined;
  const wgs = invertOffset(applyGcjOffset, lon, lat);
  return inverseLandsInChina(wgs) ? wgs : undefined;
}

/** The BD-09 point's GCJ-02 position, if the WGS-84 position beneath is in China. */
function chineseBdToGcj(lon: number, lat: number): LonLat | undefined {
  if (!isNearChina(lon, lat)) return undefined;
  const gcj = invertOffset(applyBdOffset, lon, lat);
  return chineseGcjToWgs(gcj[0], gcj[1]) ? gcj : undefined;
}

/**
 * The GCJ-02 inverse without the China test, for data known to be GCJ-02 throughout (the
 * build converts the echarts boundaries with it: border vertices must all be converted,
 * even where the ~5 km mask is unsure). Positions should use gcj02ToWgs84.
 */
export function removeGcjOffset(lon: number, lat: number): LonLat {
  return invertOffset(applyGcjOffset, lon, lat);
}

export function wgs84ToGcj02(lon: number, lat: number): LonLat {
  return isInChina(lon, lat) ? applyGcjOffset(lon, lat) : [lon, lat];
}

export function gcj02ToWgs84(lon: number, lat: number): LonLat {
  return chineseGcjToWgs(lon, lat) ?? [lon, lat];
}

export function gcj02ToBd09(lon: number, lat: number): LonLat {
  return chineseGcjToWgs(lon, lat) ? applyBdOffset(lon, lat) : [lon, lat];
}

export function bd09ToGcj02(lon: number, lat: number): LonLat {
  return chineseBdToGcj(lon, lat) ?? [lon, lat];
}

export function wgs84ToBd09(lon: number, lat: number): LonLat {
  if (!isInChina(lon, lat)) return [lon, lat];
  const [gLon, gLat] = applyGcjOffset(lon, lat);
  return applyBdOffset(gLon, gLat);
}

export function bd09ToWgs84(lon: number, lat: number): LonLat {
  const gcj = chineseBdToGcj(lon, lat);
  return gcj ? (chineseGcjToWgs(gcj[0], gcj[1]) ?? [lon, lat]) : [lon, lat];
}

/** Converts between any two systems, e.g. for a map whose tile source is GCJ-02. */
export function convertCoordinate(point: LonLat, from: CoordinateSystem, to: CoordinateSystem): LonLat {
  if (from === to) return point;
  const [lon, lat] = point;
  if (from === 'WGS84') return to === 'GCJ02' ? wgs84ToGcj02(lon, lat) : wgs84ToBd09(lon, lat);
  if (from === 'GCJ02') return to === 'WGS84' ? gcj02ToWgs84(lon, lat) : gcj02ToBd09(lon, lat);
  return to === 'WGS84' ? bd09ToWgs84(lon, lat) : bd09ToGcj02(lon, lat);
}

/** Mean Earth radius (IUGG), the usual choice for haversine. */
export const EARTH_RADIUS_METERS = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine; error < 0.5 % against the ellipsoid). */
export function distanceMeters(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLon = (b[0] - a[0]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(from: LonLat, to: LonLat): number {
  const lat1 = from[1] * RAD;
  const lat2 = to[1] * RAD;
  const dLon = (to[0] - from[0]) * RAD;
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  const degrees = Math.atan2(y, x) / RAD;
  return (degrees + 360) % 360;
}

/** Length of a track or route in metres, summed segment by segment. */
export function polylineLengthMeters(points: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceMeters(points[i - 1], points[i]);
  return total;
}
