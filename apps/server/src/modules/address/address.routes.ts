import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { MSG } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AddressService } from './address.service.ts';

/** Points per call: the web sends batches of 50 (spec §9); more than this is refused. */
export const MAX_ADDRESS_POINTS = 500;

const Index = Type.Union([Type.Integer(), Type.String({ maxLength: 64 })]);
const Item = Type.Object({
  lon: Type.Number(),
  lat: Type.Number(),
  mac: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
  index: Type.Optional(Index),
});
const Body = Type.Object({ lonAndLatToAddressVOS: Type.Array(Item, { maxItems: MAX_ADDRESS_POINTS }) });
const Out = Type.Array(Type.Object({ address: Type.String(), index: Index }));

/** Address lookup of spec §7: WGS-84 points in, address text out (offline by default). */
export const addressRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const service = AddressService.fromConfig(ctx.config.address);

  app.post('/car/v4/api/address/baidu/getGeo.json', { schema: { body: Body, response: { 200: Out } } }, async (request) => {
    const items = (request.body as Static<typeof Body>).lonAndLatToAddressVOS;
    const addresses = await service.resolve(items);
    return items.map((item, i) => ({ address: addresses[i] ?? MSG.addressFailed, index: item.index ?? i }));
  });
};
