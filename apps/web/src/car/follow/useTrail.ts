import { useEffect, useRef, useState } from 'react';
import { carApi } from '../api/carApi.ts';

/** How much recent history seeds a followed vehicle's trail. */
const SEED_MS = 60 * 60_000;
const MAX_POINTS = 5000;

/** The live trail of a followed vehicle: the last hour's track, then every new position. */
export function useTrail(vehicleId: number | null, position: { lon: number; lat: number; gpsTime: number } | null): Array<[number, number]> {
  const [trail, setTrail] = useState<Array<[number, number]>>([]);
  const lastTime = useRef(0);

  useEffect(() => {
    setTrail([]);
    lastTime.current = 0;
    if (!vehicleId) return;
    let alive = true;
    const end = Date.now();
    carApi
      .track({ vehicleId, start: end - SEED_MS, end })
      .then((track) => {
        if (!alive) return;
        const points = track.points.filter((p) => p.gpsTime > lastTime.current - SEED_MS);
        setTrail((live) => [...points.map((p) => [p.lon, p.lat] as [number, number]), ...live].slice(-MAX_POINTS));
        lastTime.current = Math.max(lastTime.current, points.at(-1)?.gpsTime ?? 0);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [vehicleId]);

  useEffect(() => {
    if (!position || position.gpsTime <= lastTime.current) return;
    lastTime.current = position.gpsTime;
    setTrail((t) => [...t, [position.lon, position.lat] as [number, number]].slice(-MAX_POINTS));
  }, [position?.lon, position?.lat, position?.gpsTime]); // eslint-disable-line react-hooks/exhaustive-deps

  return trail;
}
