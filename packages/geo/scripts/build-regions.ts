// Builds the geo package's shipped data from echarts 4.9.0 (Apache-2.0) map JSON:
//   src/chinaMask.data.ts        where GCJ-02 applies (for isInChina)
//   data/regions.json            province/city boundaries + world countries, for the reverse geocoder
//   data/basemap/*.geojson       static layers for the offline web map
// The China files are GCJ-02 (they come from AMap); everything written is WGS-84, the system
// positions are stored in. Run from the repository root:
//   node --import tsx packages/geo/scripts/build-regions.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeGcjOffset } from '../src/coords.ts';
import { REGION_DATA_FORMAT, encodeRing, type RegionDataFile, type RegionInfo, type RegionRecord } from '../src/regionData.ts';
import { writeBasemap, type BasemapFeature } from './basemapWrite.ts';
import { buildChinaMask, writeChinaMaskModule } from './chinaMaskBuild.ts';
import { CITY_NAME_FIXES, COUNTRY_CHINA_ZH, PROVINCES, type ProvinceInfo } from './chinaNames.ts';
import { COUNTRY_NAMES_ZH, UNNAMED_FEATURE_NAME_ZH } from './countryNamesZh.ts';
import { readEchartsGeoJson, type Point, type Polygon } from './echartsGeoJson.ts';
import { mapPolygons, pointCount, polygonsArea, simplifyPolygons } from './geometryTools.ts';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const echartsMapDir = join(dirname(createRequire(import.meta.url).resolve('echarts4/package.json')), 'map/json');
const dataDir = join(packageDir, 'data');
const basemapDir = join(dataDir, 'basemap');

/** regions.json precision: 1e-4° (~11 m); the source itself is quantised to 1/1024° (~100 m). */
const REGION_SCALE = 10_000;
/** Light simplification for the geocoder: drops only points within ~20 m of the line, far below the source's precision. */
const REGION_TOLERANCE = 0.0002;
/** Basemap tolerances, chosen so each layer stays well under a few MB. */
const BASEMAP_PROVINCE_TOLERANCE = 0.002;
const BASEMAP_CITY_TOLERANCE = 0.006;
const BASEMAP_WORLD_TOLERANCE = 0.01;

interface CityFeature {
  readonly info: RegionInfo;
  readonly level: 'city' | 'district';
  polygons: Polygon[];
}

interface CountryFeature {
  readonly nameEn: string;
  readonly nameZh: string;
  polygons: Polygon[];
}

function readCityFeatures(province: ProvinceInfo): CityFeature[] {
  const features = readEchartsGeoJson(join(echartsMapDir, 'province', `${province.file}.json`));
  // A feature may lack its code while an empty duplicate of the same name has it (山南市).
  const codeByName = new Map<string, string>();
  for (const feature of features) if (feature.id) codeByName.set(feature.name, feature.id);
  return features.map((feature) => {
    const name = CITY_NAME_FIXES[feature.name] ?? feature.name;
    const adcode = feature.id ?? codeByName.get(feature.name);
    const info: RegionInfo = province.childrenAreDistricts
      ? { country: COUNTRY_CHINA_ZH, province: province.fullName, city: province.fullName, district: name, adcode }
      : { country: COUNTRY_CHINA_ZH, province: province.fullName, city: name, adcode };
    return { info, level: province.childrenAreDistricts ? 'district' : 'city', polygons: feature.polygons };
  });
}

function readCountries(): CountryFeature[] {
  return readEchartsGeoJson(join(echartsMapDir, 'world.json')).map((feature) => ({
    nameEn: feature.name,
    nameZh: feature.name ? (COUNTRY_NAMES_ZH[feature.name] ?? feature.name) : UNNAMED_FEATURE_NAME_ZH,
    polygons: feature.polygons,
  }));
}

/** china.json: one feature per province, coarser than the city files. */
function readProvinces(): Array<{ info: RegionInfo; polygons: Polygon[] }> {
  return readEchartsGeoJson(join(echartsMapDir, 'china.json')).map((feature) => {
    const province = PROVINCES.find((candidate) => feature.id?.startsWith(candidate.code));
    const info: RegionInfo = {
      country: COUNTRY_CHINA_ZH,
      province: province?.fullName ?? feature.name,
      ...(province?.childrenAreDistricts ? { city: province.fullName } : {}),
      adcode: feature.id,
    };
    return { info, polygons: feature.polygons };
  });
}

function toRecord(info: RegionInfo, polygons: readonly Polygon[]): RegionRecord {
  const rings = polygons.flatMap((polygon) => polygon.map((ring) => encodeRing(ring, REGION_SCALE)));
  // Drop undefined fields so the JSON carries only what is known.
  return { ...(JSON.parse(JSON.stringify(info)) as RegionInfo), rings };
}

function bySmallestArea<T extends { polygons: Polygon[] }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, area: polygonsArea(item.polygons) }))
    .sort((a, b) => a.area - b.area)
    .map(({ item }) => item);
}

function fileSize(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function main(): void {
  mkdirSync(basemapDir, { recursive: true });
  const taiwan = PROVINCES.find((province) => province.code === '71')!;
  const citiesByProvince = PROVINCES.map((province) => ({ province, cities: readCityFeatures(province) }));
  const countries = readCountries();

  // 1. The isInChina raster, from the source boundaries (GCJ-02 vs WGS-84 is far below its 5 km cells).
  const offsetRegions = citiesByProvince
    .filter(({ province }) => province !== taiwan)
    .flatMap(({ cities }) => cities.map((city) => city.polygons));
  const blockingRegions = [
    ...countries.filter((country) => country.nameEn !== 'China').map((country) => country.polygons),
    ...citiesByProvince.filter(({ province }) => province === taiwan).flatMap(({ cities }) => cities.map((c) => c.polygons)),
  ];
  writeChinaMaskModule(join(packageDir, 'src/chinaMask.data.ts'), buildChinaMask(offsetRegions, blockingRegions));

  // 2. Convert China from GCJ-02, except Taiwan, whose source data is not offset; quantise.
  const toWgs84 = ([lon, lat]: Point): Point => [...removeGcjOffset(lon, lat)];
  const identity = (point: Point): Point => point;
  const cities = citiesByProvince.flatMap(({ province, cities }) => {
    const convert = province === taiwan ? identity : toWgs84;
    for (const city of cities) city.polygons = mapPolygons(city.polygons, convert, REGION_SCALE);
    return cities;
  });
  for (const country of countries) country.polygons = mapPolygons(country.polygons, identity, REGION_SCALE);
  const provinces = readProvinces().map((province) => ({
    ...province,
    polygons: mapPolygons(province.polygons, province.info.province === taiwan.fullName ? identity : toWgs84, REGION_SCALE),
  }));

  // 3. Geocoder data, in priority order: cities (detailed), then provinces (coarser, they
  //    fill the few gaps between cities), then countries (coarsest), each smallest first so
  //    enclaves drawn without holes win. The world's outline of China is left out: it is
  //    too coarse at China's borders and coasts, and every point it could add is either
  //    already answered or lies in a neighbour or at sea.
  const tiers = [
    bySmallestArea(cities).map((city) => ({ info: city.info, polygons: city.polygons })),
    bySmallestArea(provinces).map((province) => ({ info: province.info, polygons: province.polygons })),
    bySmallestArea(countries.filter((country) => country.nameEn !== 'China')).map((country) => ({
      info: { country: country.nameZh },
      polygons: country.polygons,
    })),
  ];
  const regions = tiers.flat().map(({ info, polygons }) => ({ info, polygons: simplifyPolygons(polygons, REGION_TOLERANCE) }));
  const regionData: RegionDataFile = {
    format: REGION_DATA_FORMAT,
    description:
      'WGS-84 lon/lat. China: cities (districts in municipalities, HK, Macau), then provinces, from echarts 4.9.0 ' +
      '(Apache-2.0), converted from GCJ-02; then countries from echarts 4.9.0 world.json. ' +
      'Built by packages/geo/scripts/build-regions.ts.',
    scale: REGION_SCALE,
    regions: regions.map(({ info, polygons }) => toRecord(info, polygons)),
  };
  const regionsJson = JSON.stringify(regionData);
  writeFileSync(join(dataDir, 'regions.json'), regionsJson);
  const regionPoints = regions.reduce((sum, r) => sum + pointCount(r.polygons), 0);
  console.log(`regions.json: ${regionData.regions.length} regions, ${regionPoints} points, ${fileSize(regionsJson.length)}`);

  // 4. Basemap layers.
  const provinceFeatures: BasemapFeature[] = provinces.map((province) => ({
    properties: { name: province.info.province ?? '', adcode: province.info.adcode ?? '' },
    polygons: simplifyPolygons(province.polygons, BASEMAP_PROVINCE_TOLERANCE),
  }));
  const cityFeatures: BasemapFeature[] = cities.map(({ info, level, polygons }) => ({
    properties: {
      name: (level === 'district' ? info.district : info.city) ?? '',
      province: info.province ?? '',
      level,
      ...(info.adcode ? { adcode: info.adcode } : {}),
    },
    polygons: simplifyPolygons(polygons, BASEMAP_CITY_TOLERANCE),
  }));
  const taiwanPolygons = citiesByProvince.find(({ province }) => province === taiwan)!.cities.flatMap((c) => c.polygons);
  const countryFeatures: BasemapFeature[] = countries.map((country) => ({
    properties: { name: country.nameZh, name_en: country.nameEn },
    // world.json leaves Taiwan out of China; maps published in China must show it as part of China.
    polygons: simplifyPolygons(
      country.nameEn === 'China' ? [...country.polygons, ...taiwanPolygons] : country.polygons,
      BASEMAP_WORLD_TOLERANCE,
    ),
  }));
  const wgs =
    'Coordinates: WGS-84 longitude/latitude (EPSG:4326, RFC 7946), converted from the GCJ-02 source ' +
    '(Taiwan, not offset in the source, unchanged).';
  const layers: Array<[string, string, BasemapFeature[]]> = [
    ['china-provinces.geojson', `China's provinces (echarts 4.9.0, Apache-2.0). ${wgs}`, provinceFeatures],
    ['china-cities.geojson', `China's cities; districts for municipalities, HK, Macau (echarts 4.9.0, Apache-2.0). ${wgs}`, cityFeatures],
    [
      'world-countries.geojson',
      'World countries (echarts 4.9.0 world.json, Apache-2.0). Coordinates: WGS-84 longitude/latitude (EPSG:4326, RFC 7946).',
      countryFeatures,
    ],
  ];
  for (const [file, description, features] of layers) {
    const bytes = writeBasemap(join(basemapDir, file), description, features);
    const points = features.reduce((sum, feature) => sum + pointCount(feature.polygons), 0);
    console.log(`basemap/${file}: ${features.length} features, ${points} points, ${fileSize(bytes)}`);
  }
}

main();
