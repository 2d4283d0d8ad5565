import { postJson } from '../request/helpers.ts';
import { AddressCache, type AddressAnswer, type AddressRequestItem } from './addressCache.ts';

export const GET_GEO_URL = '/car/v4/api/address/baidu/getGeo.json';

/** The app's one address cache over getGeo.json (spec §7): failures are shown inline, never toasted. */
export const addresses = new AddressCache((items: AddressRequestItem[]) =>
  postJson<AddressAnswer[]>(GET_GEO_URL, { lonAndLatToAddressVOS: items }, { silent: true }),
);
