import { useCallback, useRef, useState } from 'react';
import { decodeTrack, playbackEndpoints } from '@chelian/contracts';
import { toast } from '../../shared/ui/toast.ts';
import { call } from '../../shared/request/call.ts';
import type { Track } from '@chelian/contracts';
import { M } from '../messages.ts';

/** How the last load went: the page shows the total, the benchmark reads the parts. */
export interface TrackLoadStats {
  /** from the request until the last byte arrived */
  fetchMs: number;
  decodeMs: number;
  bytes: number;
}

export interface TrackLoad {
  track: Track | null;
  loading: boolean;
  stats: TrackLoadStats;
  load(vehicleId: number, start: number, end: number): Promise<Track | null>;
}

const NO_STATS: TrackLoadStats = { fetchMs: 0, decodeMs: 0, bytes: 0 };

/** One vehicle's track for a time range, as typed columns. A newer query cancels the older. */
export function useTrack(): TrackLoad {
  const [track, setTrack] = useState<Track | null>(null);
  const [loading, setLoading] = useState(false);
  const [stats, setStats] = useState<TrackLoadStats>(NO_STATS);
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(async (vehicleId: number, start: number, end: number) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLoading(true);
    try {
      const started = performance.now();
      const bytes = await call(playbackEndpoints.trackBytes, { vehicleId, start, end }, { signal: controller.signal, timeout: 120_000 });
      const arrived = performance.now();
      const decoded = decodeTrack(bytes);
      if (!decoded.ok) {
        toast.error(M.playback.trackBroken);
        setTrack(null);
        return null;
      }
      setTrack(decoded.track);
      setStats({ fetchMs: arrived - started, decodeMs: performance.now() - arrived, bytes: bytes.byteLength });
      return decoded.track;
    } catch {
      // the request layer has shown why
      if (!controller.signal.aborted) setTrack(null);
      return null;
    } finally {
      if (abort.current === controller) setLoading(false);
    }
  }, []);

  return { track, loading, stats, load };
}
