// Offline reverse geocoding to province and city in China (district in municipalities, Hong
// Kong and Macau) and to country elsewhere, from data/regions.json. A point in no region
// (open sea) gets null: the platform shows 获取位置失败 rather than an invented address.
import type { GridSpec } from './gridRaster.ts';
import { REGION_DATA_FORMAT, decodeRing, type RegionDataFile, type RegionInfo } from './regionData.ts';
import { RegionGrid } from './regionGrid.ts';
import { RegionShape } from './regionShape.ts';

export interface ReverseGeocodeResult {
  readonly country: string;
  /** Full official name, e.g. 广东省, 北京市, 新疆维吾尔自治区; null outside China. */
  readonly province: string | null;
  /** e.g. 深圳市; a municipality's own name (北京市) for its districts; null outside China. */
  readonly city: string | null;
  /** Only where the shipped data has districts: municipalities, Hong Kong, Macau. */
  readonly district?: string;
  readonly adcode?: string;
}

/** Fine cells over China (~5 km), where lookups are dense and boundaries many. */
const CHINA_GRID: GridSpec = { west: 73, south: 3, cellSize: 0.05, cols: 1260, rows: 1020 };
/** Coarse cells (~25 km) for the rest of the world, where only country borders matter. */
const WORLD_GRID: GridSpec = { west: -180, south: -90, cellSize: 0.25, cols: 1440, rows: 720 };

function toResult(info: RegionInfo): ReverseGeocodeResult {
  return Object.freeze({
    country: info.country,
    province: info.province ?? null,
    city: info.city ?? null,
    ...(info.district ? { district: info.district } : {}),
    ...(info.adcode ? { adcode: info.adcode } : {}),
  });
}

function isWithin(shape: RegionShape, grid: GridSpec): boolean {
  return (
    shape.west >= grid.west &&
    shape.south >= grid.south &&
    shape.east < grid.west + grid.cols * grid.cellSize &&
    shape.north < grid.south + grid.rows * grid.cellSize
  );
}

export class ReverseGeocoder {
  /** Shared, frozen result objects: a lookup allocates nothing. */
  private readonly results: readonly ReverseGeocodeResult[];
  private readonly chinaGrid: RegionGrid;
  private readonly worldGrid: RegionGrid;

  constructor(data: RegionDataFile) {
    if (data.format !== REGION_DATA_FORMAT) throw new Error(`unsupported region data format: ${String(data.format)}`);
    const shapes = data.regions.map((region) => new RegionShape(region.rings.map((ring) => decodeRing(ring, data.scale))));
    this.results = data.regions.map(toResult);
    const all = shapes.map((_, index) => index);
    this.chinaGrid = new RegionGrid(CHINA_GRID, shapes, all);
    // Regions wholly inside the China grid can never be asked about by the world grid.
    this.worldGrid = new RegionGrid(
      WORLD_GRID,
      shapes,
      all.filter((index) => !isWithin(shapes[index], CHINA_GRID)),
    );
  }

  get regionCount(): number {
    return this.results.length;
  }

  /** The region containing a WGS-84 point, or null (sea, or not a valid coordinate). */
  lookup(lon: number, lat: number): ReverseGeocodeResult | null {
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) return null; // also rejects NaN
    const grid = this.chinaGrid.covers(lon, lat) ? this.chinaGrid : this.worldGrid;
    const region = grid.lookup(lon, lat);
    return region < 0 ? null : this.results[region];
  }

  /** Share of cells answered without a polygon test, per grid. */
  get coveredShare(): { china: number; world: number } {
    return { china: this.chinaGrid.coveredShare, world: this.worldGrid.coveredShare };
  }
}

/**
 * Chinese address text: "广东省深圳市", "北京市东城区" (a municipality is not repeated as its
 * own city), "日本" abroad. Empty for null, so callers show their failure text.
 */
export function formatAddress(result: ReverseGeocodeResult | null): string {
  if (!result) return '';
  if (!result.province) return result.country;
  const city = result.city && result.city !== result.province ? result.city : '';
  return `${result.province}${city}${result.district ?? ''}`;
}

/** The shipped data file; Node only (the web asks the server, which owns the geocoder). */
export const DEFAULT_REGION_DATA_URL = new URL('../data/regions.json', import.meta.url);

let defaultGeocoder: Promise<ReverseGeocoder> | undefined;

/**
 * Loads data/regions.json once per process and builds the index (~0.5 s, ~70 MB). Later
 * calls share the same instance.
 */
export function loadReverseGeocoder(): Promise<ReverseGeocoder> {
  defaultGeocoder ??= (async () => {
    // Imported lazily so browser bundles that only use coords.ts never see node:fs.
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile(DEFAULT_REGION_DATA_URL, 'utf8')) as RegionDataFile;
    return new ReverseGeocoder(data);
  })().catch((error: unknown) => {
    defaultGeocoder = undefined; // let a later call retry
    throw error;
  });
  return defaultGeocoder;
}
