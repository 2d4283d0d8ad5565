import { useSearchParams } from 'react-router';
import { elecCarEndpoints, type Bike } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';

/** The most bikes the pickers and 我的车辆 load (an owner has a handful). */
const BIKES_LIMIT = 200;

/** The caller's bikes, for the pages' pickers and 我的车辆: `useLoaded(ownBikes, null)`. */
export const ownBikes = (_input: unknown, quiet = false): Promise<Bike[]> =>
  call(elecCarEndpoints.list, { pageSize: BIKES_LIMIT }, { silent: quiet }).then((page) => page.list);

/** The bike a page shows: `?bikeId=` (kept when moving between pages), else the first one. */
export function useSelectedBike(bikes: Bike[]) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('bikeId'));
  const bike = bikes.find((b) => b.bikeId === asked) ?? bikes[0] ?? null;
  const select = (bikeId: number) => setParams((p) => (p.set('bikeId', String(bikeId)), p), { replace: true });
  return { bike, select };
}
