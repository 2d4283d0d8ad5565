import { useEffect, useRef, useState } from 'react';
import { decodeTrack, playbackEndpoints } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { Newest } from '../list/newest.ts';

/** How much recent history seeds a followed vehicle's trail. */
const SEED_MS = 60 * 60_000;
const MAX_POINTS = 5000;

/**
 * The live trail of a followed vehicle: the last hour's track, then every new position. Not a
 * list hook (useLoaded): positions come while the hour loads and its answer joins them, where a
 * loader's answer would replace them; the shared late-answer guard drops another vehicle's hour.
 */
export function useTrail(
  vehicleId: number | null,
  position: { lon: number; lat: number; gpsTime: number } | null,
): Array<[number, number]> {
  const [trail, setTrail] = useState<Array<[number, number]>>([]);
  const lastTime = useRef(0);
  const [seeds] = useState(() => new Newest());

  useEffect(() => {
    setTrail([]);
    lastTime.current = 0;
    if (!vehicleId) return;
    const wanted = seeds.start();
    const end = Date.now();
    call(playbackEndpoints.trackBytes, { vehicleId, start: end - SEED_MS, end }, { timeout: 120_000 })
      .then((bytes) => {
        const decoded = decodeTrack(bytes);
        if (!wanted() || !decoded.ok) return;
        const { track } = decoded;
        const seed: Array<[number, number]> = [];
        for (let i = 0; i < track.length; i++) if (track.time[i] > lastTime.current - SEED_MS) seed.push([track.lon[i], track.lat[i]]);
        setTrail((live) => [...seed, ...live].slice(-MAX_POINTS));
        if (track.length) lastTime.current = Math.max(lastTime.current, track.time[track.length - 1]);
      })
      .catch(() => undefined);
    return () => seeds.drop();
  }, [seeds, vehicleId]);

  useEffect(() => {
    if (!position || position.gpsTime <= lastTime.current) return;
    lastTime.current = position.gpsTime;
    setTrail((t) => [...t, [position.lon, position.lat] as [number, number]].slice(-MAX_POINTS));
  }, [position?.lon, position?.lat, position?.gpsTime]); // eslint-disable-line react-hooks/exhaustive-deps

  return trail;
}
