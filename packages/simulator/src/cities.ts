/**
 * City centres the simulated fleet drives around. No outside data: a handful of well-known
 * centres, as map services (GCJ-02) quote them, turned into the WGS-84 a GPS terminal reports.
 */
import { gcj02ToWgs84 } from '@chelian/geo/coords.ts';

export interface City {
  name: string;
  /** WGS-84 centre. */
  lat: number;
  lon: number;
  /** Plate prefix of the city's vehicles, e.g. 粤B. */
  platePrefix: string;
  /** JT/T 808 register: province (GB/T 2260 first two digits) and city (last four). */
  provinceCode: number;
  cityCode: number;
}

const TABLE: Array<[name: string, gcjLon: number, gcjLat: number, plate: string, division: number]> = [
  ['北京', 116.397, 39.909, '京A', 110000],
  ['上海', 121.473, 31.23, '沪A', 310000],
  ['广州', 113.264, 23.129, '粤A', 440100],
  // 福田 inland (梅林), not the 市民中心 at 22.543: the Shenzhen River is 3 km south of that, and a
  // 6 km driving radius took demo vehicles into 香港 (north of here, the whole disc is 深圳市).
  ['深圳', 114.045, 22.59, '粤B', 440300],
  ['杭州', 120.155, 30.274, '浙A', 330100],
  ['成都', 104.066, 30.572, '川A', 510100],
  ['武汉', 114.305, 30.593, '鄂A', 420100],
  ['西安', 108.94, 34.341, '陕A', 610100],
  ['南京', 118.796, 32.06, '苏A', 320100],
  ['重庆', 106.551, 29.563, '渝A', 500000],
];

export const CITIES: readonly City[] = TABLE.map(([name, gcjLon, gcjLat, platePrefix, division]) => {
  const [lon, lat] = gcj02ToWgs84(gcjLon, gcjLat);
  return { name, lat, lon, platePrefix, provinceCode: Math.floor(division / 10000), cityCode: division % 10000 };
});

export const CITY_NAMES = CITIES.map((c) => c.name);

export function cityByName(name: string): City | undefined {
  return CITIES.find((c) => c.name === name || c.name === name.replace(/市$/, ''));
}
