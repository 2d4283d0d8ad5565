import { useSearchParams } from 'react-router';
import { elecCarEndpoints, type Bike } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useLoaded } from '../../shared/list/useLoaded.ts';

/** An owner has a few bikes: the first page holds them all. */
const PAGE_SIZE = 50;

const ownBikes = (): Promise<Bike[]> =>
  call(elecCarEndpoints.list, { current: 1, pageSize: PAGE_SIZE }, { silent: true }).then((page) => page.list);

/** The owner's bikes and the one shown (`?bikeId=`, kept between the bike pages, else the first). */
export function useBikes() {
  const list = useLoaded(ownBikes, null);
  const [params, setParams] = useSearchParams();
  const bikes = list.data;
  const asked = Number(params.get('bikeId'));
  const bike = bikes?.find((b) => b.bikeId === asked) ?? bikes?.[0] ?? null;
  const select = (bikeId: number) => setParams((p) => (p.set('bikeId', String(bikeId)), p), { replace: true });
  return { bikes, bike, select, reload: list.reload, failed: list.error !== null };
}
