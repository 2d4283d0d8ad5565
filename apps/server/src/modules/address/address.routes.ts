import type { FastifyInstance } from 'fastify';
import { MSG, addressEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { currentAddressService } from './address.current.ts';

/** Address lookup of spec §7: WGS-84 points in, address text out, from the provider 地图设置 names (offline by default). */
export const addressRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  // A point without an address answers 获取位置失败 in its place (spec §8); index defaults to its position.
  route(app, addressEndpoints.getGeo, async (body) => {
    const items = body.lonAndLatToAddressVOS;
    const addresses = await (await currentAddressService(ctx)).resolve(items);
    return items.map((item, i) => ({ address: addresses[i] ?? MSG.addressFailed, index: item.index ?? i }));
  });
};
