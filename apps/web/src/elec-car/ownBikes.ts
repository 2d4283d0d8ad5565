import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { elecCarEndpoints, type Bike } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';

/** The most bikes the pickers and 我的车辆 load (an owner has a handful). */
const BIKES_LIMIT = 200;

/** The caller's bikes, for the pages' pickers and 我的车辆: `useLoaded(ownBikes, null)`. */
export const ownBikes = (_input: unknown, quiet = false): Promise<Bike[]> =>
  call(elecCarEndpoints.list, { pageSize: BIKES_LIMIT }, { silent: quiet }).then((page) => page.list);

/** Where the tab keeps the bike its pages are about, so each menu opens on it (the menus' links carry no query). */
export const SELECTED_BIKE_KEY = 'chelian_elecCarBikeId';

function rememberedBikeId(): number {
  try {
    return Number(sessionStorage.getItem(SELECTED_BIKE_KEY));
  } catch {
    return 0; // storage refused (privacy mode): the first bike
  }
}

function rememberBikeId(bikeId: number): void {
  try {
    sessionStorage.setItem(SELECTED_BIKE_KEY, String(bikeId));
  } catch {
    /* storage refused: the pages still take ?bikeId= */
  }
}

/** The bike a page shows: the one its address asks for, else the one chosen last on any page, else the first. */
export function pickBike(bikes: readonly Bike[], asked: number, remembered: number): Bike | null {
  return bikes.find((b) => b.bikeId === asked) ?? bikes.find((b) => b.bikeId === remembered) ?? bikes[0] ?? null;
}

/**
 * The bike a page shows (`pickBike`): a link's `?bikeId=` (我的车辆's rows), else the one chosen on
 * any of 电单车卫士's pages before, which every page's picker keeps for the others.
 */
export function useSelectedBike(bikes: Bike[]) {
  const [params, setParams] = useSearchParams();
  const bike = pickBike(bikes, Number(params.get('bikeId')), rememberedBikeId());
  const bikeId = bike?.bikeId;
  useEffect(() => {
    if (bikeId) rememberBikeId(bikeId);
  }, [bikeId]);
  const select = (id: number) => {
    rememberBikeId(id);
    setParams((p) => (p.set('bikeId', String(id)), p), { replace: true });
  };
  return { bike, select };
}
