import { isInsideFence, type Fence } from '@chelian/geo';
import type { ClockPoint } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { fenceShape } from '../geofences/fenceShape.ts';
import type { StaffRow } from './staff.queries.ts';
import type { AreaRow } from './setup.queries.ts';
import { attr } from '@chelian/protocols/positionAttributes.ts';

/**
 * One person's positions over a span, in columns, and what "at post" means for them: within a
 * clock point of their shift (radius or beacon) when it has any, else inside one of their areas
 * (their own or their team's), else anywhere the badge reports from.
 */
export interface StaffTrack {
  times: number[];
  lat: number[];
  lon: number[];
  beacon: string[];
}

const emptyTrack = (): StaffTrack => ({ times: [], lat: [], lon: [], beacon: [] });

/** A beacon MAC as compared: lower-case hex digits only ('AA:BB:…' and 'aabb…' are one beacon). */
export const beaconKey = (mac: string) => mac.toLowerCase().replace(/[^0-9a-f]/g, '');

/** The beacon a position heard ('' when none): its `extras.beacon`, as text or `{ mac }`. */
export function beaconOf(b: unknown): string {
  if (typeof b === 'string') return beaconKey(b);
  if (b && typeof b === 'object' && typeof (b as { mac?: unknown }).mac === 'string') return beaconKey((b as { mac: string }).mac);
  return '';
}

/**
 * Valid positions of these people in [from, to), each with the badge bound to them when the
 * platform received it (a badge passed on keeps its history with its earlier wearer). With
 * `beacons`, the badge's Bluetooth sightings (GT06 0xB2, `badge_beacon_events`) join the track as
 * entries without a place (lat/lon NaN): they count at a clock point or checkpoint with that beacon.
 */
export async function loadTracks(
  q: Queryable,
  staffIds: number[],
  from: number,
  to: number,
  opts: { beacons?: boolean } = {},
): Promise<Map<number, StaffTrack>> {
  const out = new Map<number, StaffTrack>();
  if (staffIds.length === 0) return out;
  // Only the beacon of the extras: a month of a team is millions of rows.
  const positions = `SELECT b.staff_id, p.gps_time AS time, p.lat, p.lon, p.extras->'${attr('beacon')}' AS beacon
       FROM card_badge_bindings b JOIN positions p ON p.terminal_id = b.terminal_id AND p.gps_time >= $2 AND p.gps_time < $3
        AND p.received_at >= b.bound_at AND (b.unbound_at IS NULL OR p.received_at < b.unbound_at)
      WHERE b.staff_id = ANY($1::bigint[]) AND p.valid`;
  const sightings = `SELECT b.staff_id, e.at AS time, 'NaN'::float8 AS lat, 'NaN'::float8 AS lon, to_jsonb(e.mac) AS beacon
       FROM card_badge_bindings b JOIN badge_beacon_events e ON e.terminal_id = b.terminal_id AND e.at >= $2 AND e.at < $3
        AND e.received_at >= b.bound_at AND (b.unbound_at IS NULL OR e.received_at < b.unbound_at)
      WHERE b.staff_id = ANY($1::bigint[])`;
  const rows = await q.query<{ staff_id: number; time: Date; lat: number; lon: number; beacon: unknown }>(
    `${opts.beacons ? `${positions} UNION ALL ${sightings}` : positions} ORDER BY 1, 2`,
    [staffIds, new Date(from), new Date(to)],
  );
  for (const r of rows) {
    const id = Number(r.staff_id);
    let t = out.get(id);
    if (!t) out.set(id, (t = emptyTrack()));
    t.times.push(r.time.getTime());
    t.lat.push(Number(r.lat));
    t.lon.push(Number(r.lon));
    t.beacon.push(beaconOf(r.beacon));
  }
  return out;
}

/** The fences of each person's areas: their own and their team's. */
export function areasByStaff(staff: readonly StaffRow[], areas: readonly AreaRow[]): Map<number, Fence<number>[]> {
  const out = new Map<number, Fence<number>[]>();
  for (const s of staff) {
    const mine = areas.filter(
      (a) =>
        (a.staff_id !== null && Number(a.staff_id) === Number(s.id)) ||
        (a.team_id !== null && s.team_id !== null && Number(a.team_id) === Number(s.team_id)),
    );
    out.set(
      Number(s.id),
      mine.map((a) => fenceShape(Number(a.geofence_id), a)),
    );
  }
  return out;
}

const METERS_PER_DEGREE = (Math.PI / 180) * 6_371_008.8;

/**
 * Within a clock point: its beacon heard, or within its radius. Radii are at most 2 km, where the
 * flat-earth distance (a cosine per point, computed once) is within a metre of the great circle
 * and several times cheaper; attendance asks this of every position it scans.
 */
function clockPointTest(track: StaffTrack, clockPoints: readonly ClockPoint[]): (i: number) => boolean {
  const n = clockPoints.length;
  const lat = Float64Array.from(clockPoints, (c) => c.lat);
  const lon = Float64Array.from(clockPoints, (c) => c.lon);
  const cos = Float64Array.from(clockPoints, (c) => Math.cos((c.lat * Math.PI) / 180));
  const r2 = Float64Array.from(clockPoints, (c) => (c.radius / METERS_PER_DEGREE) ** 2);
  const beacons = clockPoints.map((c) => beaconKey(c.beacon));
  const anyBeacon = beacons.some((b) => b !== '');
  return (i) => {
    const y = track.lat[i]!;
    const x = track.lon[i]!;
    for (let k = 0; k < n; k++) {
      const dy = y - lat[k]!;
      const dx = (x - lon[k]!) * cos[k]!;
      if (dx * dx + dy * dy <= r2[k]!) return true;
    }
    if (anyBeacon) {
      const heard = track.beacon[i];
      if (heard) for (let k = 0; k < n; k++) if (beacons[k] === heard) return true;
    }
    return false;
  };
}

export function atPostTest(
  track: StaffTrack,
  clockPoints: readonly ClockPoint[],
  fences: readonly Fence<number>[],
): (i: number) => boolean {
  if (clockPoints.length) return clockPointTest(track, clockPoints);
  if (fences.length) return (i) => fences.some((f) => isInsideFence([track.lon[i]!, track.lat[i]!], f));
  return () => true;
}

/** Inside any of the person's areas (no areas: never off post). */
export const inAreas = (fences: readonly Fence<number>[], lat: number, lon: number) =>
  fences.length === 0 || fences.some((f) => isInsideFence([lon, lat], f));
