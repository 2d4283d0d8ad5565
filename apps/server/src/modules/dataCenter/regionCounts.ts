import type { ReverseGeocodeResult } from '@chelian/geo';
import type { RegionCount } from '@chelian/contracts';

export interface LocatedVehicle {
  online: boolean;
  lat: number | null;
  lon: number | null;
}

/**
 * Vehicles per province and area (city; the district where the boundary files have districts:
 * the municipalities, Hong Kong, Macau), by the offline reverse geocoder on the WGS-84 position
 * as stored — the geocoder's regions are WGS-84 already. A vehicle with no position, a 0,0 fix or
 * a position outside China counts as unlocated.
 */
export function regionCounts(
  vehicles: Iterable<LocatedVehicle>,
  lookup: (lon: number, lat: number) => ReverseGeocodeResult | null,
): { regions: RegionCount[]; unlocated: number } {
  const byArea = new Map<string, RegionCount>();
  let unlocated = 0;
  for (const v of vehicles) {
    const place = v.lat === null || v.lon === null || (v.lat === 0 && v.lon === 0) ? null : lookup(v.lon, v.lat);
    if (!place?.province) {
      unlocated++;
      continue;
    }
    const area = place.district ?? place.city ?? place.province;
    const key = `${place.province}/${area}`;
    let row = byArea.get(key);
    if (!row) byArea.set(key, (row = { province: place.province, area, vehicles: 0, online: 0 }));
    row.vehicles++;
    if (v.online) row.online++;
  }
  const regions = [...byArea.values()].sort(
    (a, b) => b.vehicles - a.vehicles || a.province.localeCompare(b.province) || a.area.localeCompare(b.area),
  );
  return { regions, unlocated };
}
