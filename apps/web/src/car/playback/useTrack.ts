import { useCallback, useRef, useState } from 'react';
import { carApi } from '../api/carApi.ts';
import type { Track } from '../api/types.ts';

export interface TrackLoad {
  track: Track | null;
  loading: boolean;
  loadMs: number;
  load(vehicleId: number, start: number, end: number): Promise<Track | null>;
}

/** One vehicle's track for a time range, with how long it took to arrive. A newer query cancels the older. */
export function useTrack(): TrackLoad {
  const [track, setTrack] = useState<Track | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadMs, setLoadMs] = useState(0);
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(async (vehicleId: number, start: number, end: number) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLoading(true);
    const started = performance.now();
    try {
      const result = await carApi.track({ vehicleId, start, end }, controller.signal);
      result.points ??= [];
      setTrack(result);
      setLoadMs(performance.now() - started);
      return result;
    } catch {
      if (!controller.signal.aborted) setTrack(null);
      return null;
    } finally {
      if (abort.current === controller) setLoading(false);
    }
  }, []);

  return { track, loading, loadMs, load };
}
