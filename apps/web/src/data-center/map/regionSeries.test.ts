import { describe, expect, it } from 'vitest';
import { areaFigures } from './regionSeries.ts';

const regions = [
  { province: '广东省', area: '深圳市', vehicles: 5, online: 4 },
  { province: '北京市', area: '东城区', vehicles: 2, online: 0 },
  { province: '广东省', area: '广州市', vehicles: 3, online: 1 },
];

describe('map figures', () => {
  it('sums the areas of each province for the country map, most first', () => {
    expect(areaFigures(regions, null)).toEqual([
      { name: '广东省', value: 8, online: 5 },
      { name: '北京市', value: 2, online: 0 },
    ]);
  });
  it("lists one province's areas", () => {
    expect(areaFigures(regions, '广东省').map((a) => a.name)).toEqual(['深圳市', '广州市']);
  });
});
