import { distanceMeters } from '@chelian/geo';

/** Stops and off-post stretches of one person's day, for the playback page (docs/card.md). */

export interface TrackPoint {
  time: number;
  lat: number;
  lon: number;
}

export interface Stretch {
  start: number;
  end: number;
  minutes: number;
  lat: number;
  lon: number;
}

const stretch = (a: TrackPoint, b: TrackPoint): Stretch => ({
  start: a.time,
  end: b.time,
  minutes: Math.round((b.time - a.time) / 60_000),
  lat: a.lat,
  lon: a.lon,
});

/** Where the person stayed within `radius` m of where they stopped for at least `minMinutes`. */
export function stopsOf(points: readonly TrackPoint[], minMinutes: number, radius = 30): Stretch[] {
  const out: Stretch[] = [];
  let i = 0;
  while (i < points.length) {
    let j = i;
    while (j + 1 < points.length && distanceMeters([points[i]!.lon, points[i]!.lat], [points[j + 1]!.lon, points[j + 1]!.lat]) <= radius)
      j++;
    if (points[j]!.time - points[i]!.time >= minMinutes * 60_000) out.push(stretch(points[i]!, points[j]!));
    i = j + 1;
  }
  return out;
}

/**
 * Runs of positions outside every responsibility area during the shift's periods that lasted at
 * least `minMinutes` (from the first position outside to the first one back, or the last one).
 */
export function offPostOf(
  points: readonly TrackPoint[],
  inArea: (p: TrackPoint) => boolean,
  inShift: (t: number) => boolean,
  minMinutes: number,
): Stretch[] {
  const out: Stretch[] = [];
  let from: TrackPoint | null = null;
  let last: TrackPoint | null = null;
  const close = (to: TrackPoint) => {
    if (from && to.time - from.time >= minMinutes * 60_000) out.push(stretch(from, to));
    from = null;
  };
  for (const p of points) {
    const out = inShift(p.time) && !inArea(p);
    if (out && !from) from = p;
    else if (!out && from) close(p);
    last = p;
  }
  if (from && last) close(last);
  return out;
}
