import { useCallback, useEffect, useState } from 'react';
import { vehicleEndpoints, type AnswerOf, type VehicleListQuery } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** What the page keeps of the list's answer. */
export type VehiclePage = Pick<AnswerOf<typeof vehicleEndpoints.list>, 'total' | 'list'>;

/** One page of the vehicle list for these filters; reload() after a change. */
export function useVehicleList(query: VehicleListQuery) {
  const [page, setPage] = useState<VehiclePage>({ total: 0, list: [] });
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    call(vehicleEndpoints.list, JSON.parse(key) as VehicleListQuery)
      .then((p) => alive && setPage({ total: p.total, list: p.list }))
      .catch(() => alive && setPage({ total: 0, list: [] }))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { page, loading, reload };
}
