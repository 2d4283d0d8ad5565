import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { elecCarEndpoints, type Bike } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** An owner has a few bikes: the first page holds them all. */
const PAGE_SIZE = 50;

/** The owner's bikes and the one shown (`?bikeId=`, kept between the bike pages, else the first). */
export function useBikes() {
  const [bikes, setBikes] = useState<Bike[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [params, setParams] = useSearchParams();
  const load = useCallback(
    () =>
      call(elecCarEndpoints.list, { current: 1, pageSize: PAGE_SIZE }, { silent: true }).then(
        (page) => (setBikes(page.list), setFailed(false)),
        () => setFailed(true),
      ),
    [],
  );
  useEffect(() => void load(), [load]);
  const asked = Number(params.get('bikeId'));
  const bike = bikes?.find((b) => b.bikeId === asked) ?? bikes?.[0] ?? null;
  const select = (bikeId: number) => setParams((p) => (p.set('bikeId', String(bikeId)), p), { replace: true });
  return { bikes, bike, select, reload: load, failed };
}
