/**
 * Address lookup of spec §7 (shared by every sub-product): WGS-84 points in, address text out,
 * offline by default. The body is JSON; a point without an address answers 获取位置失败 (spec §8).
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';

/** Points per call: the web sends batches of 50 (spec §9); more than this is refused. */
export const MAX_ADDRESS_POINTS = 500;

const AddressIndex = Type.Union([Type.Integer(), Type.String({ maxLength: 64 })]);
const AddressRequestItem = Type.Object({
  lon: Type.Number(),
  lat: Type.Number(),
  mac: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
  index: Type.Optional(AddressIndex),
});
const AddressAnswerSchema = Type.Object({ address: Type.String(), index: AddressIndex });
export type AddressAnswer = Static<typeof AddressAnswerSchema>;

export const addressEndpoints = {
  getGeo: endpoint({
    method: 'POST',
    path: '/car/v4/api/address/baidu/getGeo.json',
    tag: '地址',
    summary: '查询地址',
    encoding: 'json',
    input: Type.Object({ lonAndLatToAddressVOS: Type.Array(AddressRequestItem, { maxItems: MAX_ADDRESS_POINTS }) }),
    answer: Type.Array(AddressAnswerSchema),
  }),
};
