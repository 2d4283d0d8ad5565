import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRing, type RegionDataFile } from './regionData.ts';
import { RegionShape } from './regionShape.ts';
import { DEFAULT_REGION_DATA_URL, formatAddress, loadReverseGeocoder, type ReverseGeocoder } from './reverseGeocoder.ts';

let geocoder: ReverseGeocoder;
beforeAll(async () => {
  geocoder = await loadReverseGeocoder();
});

// [lat, lon] as usually quoted, WGS-84.
const KNOWN_PLACES: Array<[name: string, lat: number, lon: number, address: string]> = [
  ['天安门', 39.9087, 116.3975, '北京市东城区'],
  ['上海人民广场', 31.2304, 121.4737, '上海市黄浦区'],
  ['深圳市民中心', 22.5431, 114.0579, '广东省深圳市'],
  ['乌鲁木齐', 43.8256, 87.6168, '新疆维吾尔自治区乌鲁木齐市'],
  ['拉萨布达拉宫', 29.6578, 91.1172, '西藏自治区拉萨市'],
  ['广州塔', 23.1066, 113.3245, '广东省广州市'],
  ['成都天府广场', 30.6574, 104.0658, '四川省成都市'],
  ['哈尔滨', 45.7567, 126.6424, '黑龙江省哈尔滨市'],
  ['嘉峪关 (enclave of 酒泉)', 39.7732, 98.2893, '甘肃省嘉峪关市'],
  ['香港尖沙咀', 22.2976, 114.1722, '香港特别行政区油尖旺区'],
  ['台北', 25.033, 121.5654, '台湾省台北市'],
];

describe('ReverseGeocoder.lookup', () => {
  it.each(KNOWN_PLACES)('resolves %s', (_name, lat, lon, address) => {
    expect(formatAddress(geocoder.lookup(lon, lat))).toBe(address);
  });

  it('gives province and city as separate fields with the adcode', () => {
    expect(geocoder.lookup(114.0579, 22.5431)).toEqual({
      country: '中国',
      province: '广东省',
      city: '深圳市',
      adcode: '440300',
    });
    const beijing = geocoder.lookup(116.3975, 39.9087);
    expect(beijing).toMatchObject({ country: '中国', province: '北京市', city: '北京市', adcode: '110101' });
  });

  it('resolves points abroad to the country, in Chinese', () => {
    expect(geocoder.lookup(139.6503, 35.6762)).toEqual({ country: '日本', province: null, city: null });
    expect(geocoder.lookup(2.3522, 48.8566)?.country).toBe('法国');
    expect(geocoder.lookup(106.9057, 47.8864)?.country).toBe('蒙古');
    expect(geocoder.lookup(126.978, 37.5665)?.country).toBe('韩国');
    expect(geocoder.lookup(-87.6298, 41.8781)?.country).toBe('美国');
    expect(formatAddress(geocoder.lookup(139.6503, 35.6762))).toBe('日本');
  });

  it('gives null at sea rather than inventing an address', () => {
    expect(geocoder.lookup(116.0, 13.0)).toBeNull(); // South China Sea, far from any island
    expect(geocoder.lookup(-30, 30)).toBeNull(); // mid-Atlantic
    expect(geocoder.lookup(124.0, 35.0)).toBeNull(); // Yellow Sea
  });

  it('gives null for coordinates that are not positions', () => {
    expect(geocoder.lookup(Number.NaN, 30)).toBeNull();
    expect(geocoder.lookup(200, 30)).toBeNull();
    expect(geocoder.lookup(116, -91)).toBeNull();
  });

  it('handles the edges of the world grid', () => {
    expect(() => geocoder.lookup(180, 90)).not.toThrow();
    expect(() => geocoder.lookup(-180, -90)).not.toThrow();
  });

  it('returns the same shared object for repeated lookups', () => {
    expect(geocoder.lookup(114.0579, 22.5431)).toBe(geocoder.lookup(114.06, 22.54));
    expect(Object.isFrozen(geocoder.lookup(114.0579, 22.5431))).toBe(true);
  });

  it('agrees with testing every region in priority order (the index changes speed, not answers)', () => {
    const data = JSON.parse(readFileSync(DEFAULT_REGION_DATA_URL, 'utf8')) as RegionDataFile;
    const shapes = data.regions.map((region) => new RegionShape(region.rings.map((ring) => decodeRing(ring, data.scale))));
    const bruteForce = (lon: number, lat: number): string => {
      const index = shapes.findIndex((shape) => shape.contains(lon, lat));
      return index < 0 ? 'null' : JSON.stringify(data.regions[index] && { ...data.regions[index], rings: undefined });
    };
    const asKey = (lon: number, lat: number): string => {
      const result = geocoder.lookup(lon, lat);
      if (!result) return 'null';
      const match = data.regions.find(
        (region) =>
          region.country === result.country &&
          (region.province ?? null) === result.province &&
          (region.city ?? null) === result.city &&
          region.district === result.district &&
          region.adcode === result.adcode,
      );
      return JSON.stringify(match && { ...match, rings: undefined });
    };
    let seed = 42;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20_000; i++) {
      const inChinaBox = i % 4 !== 0;
      const lon = inChinaBox ? 73 + random() * 62 : -180 + random() * 360;
      const lat = inChinaBox ? 3 + random() * 51 : -60 + random() * 140;
      expect(asKey(lon, lat), `${lon},${lat}`).toBe(bruteForce(lon, lat));
    }
  });
});

describe('formatAddress', () => {
  it('writes province then city', () => {
    expect(formatAddress({ country: '中国', province: '广东省', city: '深圳市' })).toBe('广东省深圳市');
  });

  it('does not repeat a municipality as its own city', () => {
    expect(formatAddress({ country: '中国', province: '北京市', city: '北京市' })).toBe('北京市');
    expect(formatAddress({ country: '中国', province: '上海市', city: '上海市' })).toBe('上海市');
    expect(formatAddress({ country: '中国', province: '上海市', city: '上海市', district: '黄浦区' })).toBe('上海市黄浦区');
  });

  it('writes the country abroad and nothing for no result', () => {
    expect(formatAddress({ country: '法国', province: null, city: null })).toBe('法国');
    expect(formatAddress(null)).toBe('');
  });
});
