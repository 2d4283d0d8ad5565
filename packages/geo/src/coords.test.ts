import gcoord from 'gcoord';
import { describe, expect, it } from 'vitest';
import { isInChina } from './chinaMask.ts';
import {
  bd09ToGcj02,
  bd09ToWgs84,
  bearingDegrees,
  convertCoordinate,
  distanceMeters,
  gcj02ToBd09,
  gcj02ToWgs84,
  polylineLengthMeters,
  wgs84ToBd09,
  wgs84ToGcj02,
  type LonLat,
} from './coords.ts';

const TIANANMEN: LonLat = [116.3975, 39.9087];
const SHENZHEN: LonLat = [114.0579, 22.5431];
const URUMQI: LonLat = [87.6168, 43.8256];
const TOKYO: LonLat = [139.6503, 35.6762];
const ULAANBAATAR: LonLat = [106.9057, 47.8864];
const SEOUL: LonLat = [126.978, 37.5665];
const HANOI: LonLat = [105.8542, 21.0285];
const TAIPEI: LonLat = [121.5654, 25.033];
const HONG_KONG: LonLat = [114.1694, 22.3193];

describe('isInChina', () => {
  it('holds for mainland China, Hong Kong and coastal waters', () => {
    for (const point of [TIANANMEN, SHENZHEN, URUMQI, HONG_KONG, [122.0, 31.0] as LonLat]) {
      expect(isInChina(...point)).toBe(true);
    }
  });

  it('does not hold for neighbours inside China’s bounding box, nor Taiwan', () => {
    for (const point of [TOKYO, ULAANBAATAR, SEOUL, HANOI, TAIPEI, [116, 13] as LonLat]) {
      expect(isInChina(...point)).toBe(false);
    }
  });
});

describe('datum conversion', () => {
  it('matches the published GCJ-02 algorithm (gcoord) inside China', () => {
    for (const point of [TIANANMEN, SHENZHEN, URUMQI, HONG_KONG]) {
      const expected = gcoord.transform([point[0], point[1]], gcoord.WGS84, gcoord.GCJ02);
      const actual = wgs84ToGcj02(...point);
      expect(actual[0]).toBeCloseTo(expected[0], 9);
      expect(actual[1]).toBeCloseTo(expected[1], 9);
      const bd = gcoord.transform([point[0], point[1]], gcoord.WGS84, gcoord.BD09);
      const actualBd = wgs84ToBd09(...point);
      expect(actualBd[0]).toBeCloseTo(bd[0], 9);
      expect(actualBd[1]).toBeCloseTo(bd[1], 9);
    }
  });

  it('moves Beijing by the known few hundred metres', () => {
    const gcj = wgs84ToGcj02(...TIANANMEN);
    const shift = distanceMeters(TIANANMEN, gcj);
    expect(shift).toBeGreaterThan(100);
    expect(shift).toBeLessThan(700);
  });

  it('round-trips WGS-84 → GCJ-02 → BD-09 and back within 1e-5°', () => {
    for (let lon = 75; lon <= 134; lon += 1.7) {
      for (let lat = 20; lat <= 53; lat += 1.3) {
        if (!isInChina(lon, lat)) continue;
        const gcj = wgs84ToGcj02(lon, lat);
        const back = gcj02ToWgs84(...gcj);
        expect(Math.abs(back[0] - lon)).toBeLessThan(1e-5);
        expect(Math.abs(back[1] - lat)).toBeLessThan(1e-5);
        const bd = gcj02ToBd09(...gcj);
        const gcjAgain = bd09ToGcj02(...bd);
        expect(Math.abs(gcjAgain[0] - gcj[0])).toBeLessThan(1e-5);
        expect(Math.abs(gcjAgain[1] - gcj[1])).toBeLessThan(1e-5);
        const wgs = bd09ToWgs84(...wgs84ToBd09(lon, lat));
        expect(Math.abs(wgs[0] - lon)).toBeLessThan(1e-5);
        expect(Math.abs(wgs[1] - lat)).toBeLessThan(1e-5);
      }
    }
  });

  it('agrees across paths, also where an offset crosses the edge of the China mask', () => {
    // 115.8,48.6 (Inner Mongolia by the Mongolian border) lies on a mask cell edge.
    for (const [lon, lat] of [
      [115.8, 48.6],
      [114.0579, 22.5431],
      [87.6168, 43.8256],
    ] as LonLat[]) {
      const viaGcj = gcj02ToBd09(...wgs84ToGcj02(lon, lat));
      const direct = wgs84ToBd09(lon, lat);
      expect(viaGcj[0]).toBeCloseTo(direct[0], 9);
      expect(viaGcj[1]).toBeCloseTo(direct[1], 9);
      const back = gcj02ToWgs84(...bd09ToGcj02(...direct));
      expect(back[0]).toBeCloseTo(lon, 7);
      expect(back[1]).toBeCloseTo(lat, 7);
    }
  });

  it('leaves points outside China unchanged in every direction', () => {
    for (const point of [TOKYO, ULAANBAATAR, SEOUL, HANOI, TAIPEI, [2.3522, 48.8566] as LonLat]) {
      expect(wgs84ToGcj02(...point)).toEqual(point);
      expect(gcj02ToWgs84(...point)).toEqual(point);
      expect(wgs84ToBd09(...point)).toEqual(point);
      expect(bd09ToWgs84(...point)).toEqual(point);
    }
  });

  it('converts between any two systems by name', () => {
    expect(convertCoordinate(TIANANMEN, 'WGS84', 'WGS84')).toBe(TIANANMEN);
    expect(convertCoordinate(TIANANMEN, 'WGS84', 'GCJ02')).toEqual(wgs84ToGcj02(...TIANANMEN));
    const bd = convertCoordinate(TIANANMEN, 'WGS84', 'BD09');
    const back = convertCoordinate(bd, 'BD09', 'WGS84');
    expect(back[0]).toBeCloseTo(TIANANMEN[0], 7);
    expect(back[1]).toBeCloseTo(TIANANMEN[1], 7);
  });
});

describe('distances', () => {
  it('measures Beijing to Shanghai (~1 067 km great circle)', () => {
    const km = distanceMeters(TIANANMEN, [121.4737, 31.2304]) / 1000;
    expect(km).toBeGreaterThan(1060);
    expect(km).toBeLessThan(1075);
  });

  it('gives one degree of latitude as ~111.2 km and zero for the same point', () => {
    expect(distanceMeters([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
    expect(distanceMeters(SHENZHEN, SHENZHEN)).toBe(0);
  });

  it('gives bearings clockwise from north', () => {
    expect(bearingDegrees([116, 39], [116, 40])).toBeCloseTo(0, 6);
    expect(bearingDegrees([116, 39], [117, 39])).toBeCloseTo(89.69, 1);
    expect(bearingDegrees([116, 39], [116, 38])).toBeCloseTo(180, 6);
    expect(bearingDegrees([116, 39], [115, 39])).toBeCloseTo(270.31, 1);
  });

  it('sums a polyline segment by segment', () => {
    const track: LonLat[] = [
      [116, 39],
      [116, 39.01],
      [116.01, 39.01],
    ];
    const expected = distanceMeters(track[0], track[1]) + distanceMeters(track[1], track[2]);
    expect(polylineLengthMeters(track)).toBeCloseTo(expected, 9);
    expect(polylineLengthMeters([])).toBe(0);
    expect(polylineLengthMeters([track[0]])).toBe(0);
  });
});
