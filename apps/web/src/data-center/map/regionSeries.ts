import type { RegionCount } from '@chelian/contracts';

export interface AreaFigure {
  name: string;
  value: number;
  online: number;
}

/** The map's figures: per province on the country map, per area (city or district) within one province. */
export function areaFigures(regions: readonly RegionCount[], province: string | null): AreaFigure[] {
  const byName = new Map<string, AreaFigure>();
  for (const r of regions) {
    if (province && r.province !== province) continue;
    const name = province ? r.area : r.province;
    const row = byName.get(name) ?? { name, value: 0, online: 0 };
    row.value += r.vehicles;
    row.online += r.online;
    byName.set(name, row);
  }
  return [...byName.values()].sort((a, b) => b.value - a.value);
}
