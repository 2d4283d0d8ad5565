import { useEffect, useRef, useState } from 'react';
import { decodeTrack, playbackEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { Newest } from '../../shared/list/newest.ts';
import { beijingDaySpan, beijingFormat } from '../../shared/format/beijingTime.ts';

type LL = [number, number];
const MAX_POINTS = 20_000;

/**
 * Today's track (Beijing day) of one terminal, then every new position the live feed brings. Not a
 * list hook (useLoaded): positions come while the day loads and its answer joins them, where a
 * loader's answer would replace them; the shared late-answer guard drops another terminal's day.
 */
export function useTodayTrack(terminalId: string, position: { lon: number; lat: number; gpsTime: number } | null): LL[] {
  const [track, setTrack] = useState<LL[]>([]);
  const last = useRef(0);
  const [days] = useState(() => new Newest());

  useEffect(() => {
    setTrack([]);
    last.current = 0;
    const wanted = days.start();
    const { start } = beijingDaySpan(beijingFormat(Date.now(), 'YYYY-MM-DD'));
    call(playbackEndpoints.trackBytes, { terminalId, start, end: Date.now() }, { silent: true, timeout: 120_000 })
      .then((bytes) => {
        const decoded = decodeTrack(bytes);
        if (!wanted() || !decoded.ok) return;
        const t = decoded.track;
        const points: LL[] = [];
        for (let i = 0; i < t.length; i++) points.push([t.lon[i], t.lat[i]]);
        const lastTime = t.length ? t.time[t.length - 1] : 0;
        // live points that came while the track loaded follow it when they are newer than its end
        const liveIsNewer = last.current > lastTime;
        setTrack((live) => [...points, ...(liveIsNewer ? live : [])].slice(-MAX_POINTS));
        last.current = Math.max(last.current, lastTime);
      })
      .catch(() => undefined);
    return () => days.drop();
  }, [days, terminalId]);

  useEffect(() => {
    if (!position || position.gpsTime <= last.current) return;
    last.current = position.gpsTime;
    setTrack((t) => [...t, [position.lon, position.lat] as LL].slice(-MAX_POINTS));
  }, [position?.lon, position?.lat, position?.gpsTime]); // eslint-disable-line react-hooks/exhaustive-deps

  return track;
}
