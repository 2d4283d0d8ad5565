/**
 * A sub-product's home page figures where its own pages have no summary to read them from
 * (docs/web.md, Sub-product home pages). Every other home figure is read from the endpoint of the
 * page it opens (a list's total, a report's totals), so it is the number that page shows.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';

/** Below this % a bike's or a collar's battery counts as low: 我的车辆's red bar, 活动统计's charge reminder. */
export const LOW_BATTERY_PERCENT = 20;

export const PetHomeSchema = Type.Object({
  /** 宠物档案's pets: the caller's own and those shared with them */
  pets: Type.Integer(),
  /** collars heard from within their freshness (宠物定位's 在线) */
  online: Type.Integer(),
  /** pets with a safe zone whose every zone has them inside */
  inside: Type.Integer(),
  /** pets outside at least one of their safe zones */
  outside: Type.Integer(),
  /** pets without a safe zone, or whose side is not known yet */
  noZone: Type.Integer(),
  /** collars whose newest battery reading is below LOW_BATTERY_PERCENT */
  lowBattery: Type.Integer(),
});
export type PetHome = Static<typeof PetHomeSchema>;

export const BikeHomeSchema = Type.Object({
  /** 我的车辆's bikes */
  bikes: Type.Integer(),
  online: Type.Integer(),
  /** 设防 as 车辆监控's status card says it */
  armed: Type.Integer(),
  /** bikes whose battery is below LOW_BATTERY_PERCENT */
  lowBattery: Type.Integer(),
  /** power cut (断电) now */
  powerCut: Type.Integer(),
});
export type BikeHome = Static<typeof BikeHomeSchema>;

export const productHomeEndpoints = {
  pet: endpoint({
    method: 'GET',
    path: '/pet/v1/api/home/summary.json',
    tag: '宠物卫士',
    summary: '宠物卫士首页概况',
    permission: 'pet',
    answer: PetHomeSchema,
  }),
  elecCar: endpoint({
    method: 'GET',
    path: '/elec-car/v1/api/home/summary.json',
    tag: '电单车卫士',
    summary: '电单车卫士首页概况',
    permission: 'elecCar',
    answer: BikeHomeSchema,
  }),
};
