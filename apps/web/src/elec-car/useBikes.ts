import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { elecCarEndpoints, type Bike } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';

/** The caller's bikes (an owner has a handful; a fleet manager pages in 我的车辆). */
export function useBikes() {
  const [bikes, setBikes] = useState<Bike[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(
    (quiet = false) => {
      if (!quiet) setLoading(true);
      return call(elecCarEndpoints.list, { pageSize: 200 }, { silent: quiet })
        .then((p) => setBikes(p.list))
        .catch(() => {})
        .finally(() => setLoading(false));
    },
    [],
  );
  useEffect(() => void reload(), [reload]);
  return { bikes, loading, reload };
}

/** The bike a page shows: `?bikeId=` (kept when moving between pages), else the first one. */
export function useSelectedBike(bikes: Bike[]) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('bikeId'));
  const bike = bikes.find((b) => b.bikeId === asked) ?? bikes[0] ?? null;
  const select = (bikeId: number) => setParams((p) => (p.set('bikeId', String(bikeId)), p), { replace: true });
  return { bike, select };
}
