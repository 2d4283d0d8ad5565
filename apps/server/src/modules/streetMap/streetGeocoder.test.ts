import { describe, expect, it } from 'vitest';
import { StreetGeocoder } from './streetGeocoder.ts';
import { formatStreetAddress } from './streetMap.provider.ts';
import { osmName, osmRows } from './streetMap.osm.ts';

const square = (w: number, s: number, e: number, n: number) => [w, s, e, s, e, n, w, n, w, s];

const geocoder = new StreetGeocoder(
  [
    { name: '深南大道', coords: [113.93, 22.54, 113.96, 22.54] },
    { name: '科技路', coords: [113.945, 22.53, 113.945, 22.55] },
  ],
  [
    { name: '广东省', level: 4, rings: [square(113, 22, 115, 23)] },
    // a district with a hole (an enclave of another district)
    { name: '南山区', level: 6, rings: [square(113.91, 22.52, 113.98, 22.57), square(113.95, 22.555, 113.96, 22.565)] },
    { name: '飞地区', level: 6, rings: [square(113.95, 22.555, 113.96, 22.565)] },
  ],
  [
    { kind: 'poi', name: '腾讯大厦', street: null, lon: 113.95, lat: 22.541 },
    { kind: 'house', name: '8', street: '深南大道', lon: 113.938, lat: 22.54005 },
  ],
);

describe('StreetGeocoder', () => {
  it('puts a point on a street on that street, in its district', () => {
    const a = geocoder.lookup(113.9402, 22.5402);
    expect(a.road).toMatchObject({ name: '深南大道' });
    expect(a.road!.meters).toBeGreaterThan(15);
    expect(a.road!.meters).toBeLessThan(30);
    expect(a.areas).toEqual(['广东省', '南山区']);
  });

  it('takes the nearer of two streets at a crossing', () => {
    expect(geocoder.lookup(113.9452, 22.548).road?.name).toBe('科技路');
    expect(geocoder.lookup(113.939, 22.5401).road?.name).toBe('深南大道');
  });

  it('names no street beyond 100 m, and the district still', () => {
    const a = geocoder.lookup(113.97, 22.56);
    expect(a.road).toBeNull();
    expect(a.areas).toEqual(['广东省', '南山区']);
  });

  it('gives the nearest POI with the direction the point lies in, seen from it', () => {
    expect(geocoder.lookup(113.9505, 22.5415).poi).toMatchObject({ name: '腾讯大厦', direction: '东北' });
    expect(geocoder.lookup(113.9495, 22.5405).poi).toMatchObject({ direction: '西南' });
    expect(geocoder.lookup(113.95, 22.542).poi).toMatchObject({ direction: '北' });
    expect(geocoder.lookup(113.948, 22.541).poi).toMatchObject({ direction: '西' });
    expect(geocoder.lookup(113.9505, 22.5415).poi!.meters).toBeCloseTo(75, -1);
    expect(geocoder.lookup(113.96, 22.541).poi).toBeNull(); // ~1 km away
  });

  it('reads holes: a point in an enclave is in the enclave, not the district around it', () => {
    expect(geocoder.lookup(113.955, 22.56).areas).toEqual(['广东省', '飞地区']);
    expect(geocoder.lookup(113.9495, 22.56).areas).toEqual(['广东省', '南山区']);
  });

  it('answers boundary cells exactly: either side of an edge that crosses a grid cell', () => {
    // the district's west edge is at 113.91, inside a 0.01° cell
    expect(geocoder.lookup(113.9101, 22.53).areas).toContain('南山区');
    expect(geocoder.lookup(113.9099, 22.53).areas).not.toContain('南山区');
    expect(geocoder.lookup(113.94, 22.5699).areas).toContain('南山区');
    expect(geocoder.lookup(113.94, 22.5701).areas).not.toContain('南山区');
  });

  it('agrees with a plain ray cast on random points around an irregular boundary', () => {
    const ring: number[] = [];
    for (let k = 0; k < 60; k++) {
      const t = (k / 60) * 2 * Math.PI;
      const r = 0.05 + 0.02 * Math.sin(5 * t);
      ring.push(114 + r * Math.cos(t), 22.6 + r * Math.sin(t));
    }
    const g = new StreetGeocoder([], [{ name: '星形区', level: 6, rings: [ring] }], []);
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      const [x, y] = [113.92 + random() * 0.16, 22.52 + random() * 0.16];
      expect(g.lookup(x, y).areas.length === 1, `${x},${y}`).toBe(rayCast(ring, x, y));
    }
  });
});

function rayCast(r: number[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = r.length - 2; i < r.length; j = i, i += 2) {
    if (r[i + 1] > y !== r[j + 1] > y && x < r[i] + ((y - r[i + 1]) * (r[j] - r[i])) / (r[j + 1] - r[i + 1])) inside = !inside;
  }
  return inside;
}

describe('formatStreetAddress', () => {
  it('writes district, road, house number and the POI as a Chinese address', () => {
    expect(formatStreetAddress('广东省深圳市', geocoder.lookup(113.9381, 22.5401))).toBe('广东省深圳市南山区深南大道8号');
    expect(formatStreetAddress('广东省深圳市', geocoder.lookup(113.9505, 22.5415))).toBe('广东省深圳市南山区，距腾讯大厦东北约80米');
    expect(formatStreetAddress('广东省深圳市', geocoder.lookup(113.9502, 22.5402))).toBe('广东省深圳市南山区深南大道，距腾讯大厦南约90米');
  });

  it('gives nothing where the extract knows nothing, so the shipped boundaries answer alone', () => {
    expect(formatStreetAddress('北京市东城区', geocoder.lookup(116.4, 39.9))).toBe('');
  });
});

describe('osmRows', () => {
  it('prefers name:zh, then name', () => {
    expect(osmName({ name: 'Keji Road', 'name:zh': '科技路' })).toBe('科技路');
    expect(osmName({ name: '深南大道' })).toBe('深南大道');
  });

  it('keeps named roads, admin areas 4–8, named POIs and house numbers, and nothing else', () => {
    const line = {
      type: 'LineString',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    };
    expect(osmRows({ geometry: line, properties: { highway: 'primary', name: 'A路' } })).toEqual([
      { road: { name: 'A路', coords: [1, 2, 3, 4] } },
    ]);
    expect(osmRows({ geometry: line, properties: { highway: 'footway', name: 'B' } })).toEqual([]);
    expect(osmRows({ geometry: line, properties: { highway: 'primary' } })).toEqual([]);
    const poly = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ],
    };
    expect(osmRows({ geometry: poly, properties: { boundary: 'administrative', admin_level: '6', name: '南山区' } })).toEqual([
      { area: { name: '南山区', level: 6, rings: [[0, 0, 1, 0, 1, 1, 0, 0]] } },
    ]);
    expect(osmRows({ geometry: poly, properties: { boundary: 'administrative', admin_level: '2', name: '中国' } })).toEqual([]);
    expect(
      osmRows({ geometry: { type: 'Point', coordinates: [5, 6] }, properties: { name: '店', shop: 'yes', 'addr:housenumber': '3' } }),
    ).toEqual([
      { place: { kind: 'poi', name: '店', street: null, lon: 5, lat: 6 } },
      { place: { kind: 'house', name: '3', street: null, lon: 5, lat: 6 } },
    ]);
  });
});
