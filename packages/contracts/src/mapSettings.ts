/**
 * 系统管理 › 地图设置 (issue 34, docs/maps.md): the basemap every map draws and the provider every
 * address comes from, chosen by the platform administrator and followed by every open page.
 * Keys are write-only: answers say whether one is set, never what it is.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { StringRecord } from './schemas.ts';

/** offline: the shipped boundaries; offlineStreet: the imported OpenStreetMap extract; custom: an XYZ raster or vector style URL. */
export const BASEMAP_KINDS = ['offline', 'offlineStreet', 'amap', 'tianditu', 'baidu', 'custom'] as const;
export type BasemapKind = (typeof BASEMAP_KINDS)[number];

/** offlineStreet: the street-level geocoder built by the import (docs/maps.md, "Offline street maps"). */
export const ADDRESS_PROVIDER_NAMES = ['offline', 'offlineStreet', 'amap', 'tianditu', 'baidu'] as const;
export type AddressProviderName = (typeof ADDRESS_PROVIDER_NAMES)[number];

export const COORD_SYSTEMS = ['wgs84', 'gcj02', 'bd09'] as const;
export type CoordSystem = (typeof COORD_SYSTEMS)[number];

const Literals = <const T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)) as never) as Type.TSchema;

const BasemapKindSchema = Type.Unsafe<BasemapKind>(Literals(BASEMAP_KINDS));
const AddressProviderSchema = Type.Unsafe<AddressProviderName>(Literals(ADDRESS_PROVIDER_NAMES));
const CoordSystemSchema = Type.Unsafe<CoordSystem>(Literals(COORD_SYSTEMS));

/** State of the offline street map import, as the importer reports it (docs/maps.md). */
const StreetMapStatusSchema = Type.Object({
  state: Type.Unsafe<'none' | 'importing' | 'ready' | 'failed'>(Literals(['none', 'importing', 'ready', 'failed'] as const)),
  /** 0–1 while importing */
  progress: Type.Optional(Type.Number()),
  /** what the import says, in Chinese (the failure's reason, the extract's name) */
  message: Type.Optional(Type.String()),
  /** epoch ms of the data now served */
  importedAt: Type.Optional(Type.Number()),
});
export type StreetMapStatus = Static<typeof StreetMapStatusSchema>;

/**
 * What a browser draws (any signed-in user): the style to build, never a key. Raster tiles from
 * a provider come through the platform's tile relay (`tile` below), so a key stays on the server
 * and an open page's Content-Security-Policy never has to name the provider.
 */
const BasemapSchema = Type.Object({
  /** changes on every save: a page seeing a new one rebuilds its map */
  version: Type.String(),
  kind: BasemapKindSchema,
  /** offline: the shipped style; raster: `tiles` (XYZ templates); vector: the MapLibre style at `styleUrl` */
  style: Type.Unsafe<'offline' | 'raster' | 'vector'>(Literals(['offline', 'raster', 'vector'] as const)),
  tiles: Type.Array(Type.String()),
  styleUrl: Type.String(),
  coordSystem: CoordSystemSchema,
  /** shown in the map's corner (the provider's name and copyright) */
  attribution: Type.String(),
});
export type BasemapInfo = Static<typeof BasemapSchema>;

const BasemapSettingsSchema = Type.Object({
  kind: BasemapKindSchema,
  /** custom only: {z}/{x}/{y} raster template ({s} for a/b/c) or a MapLibre style JSON URL */
  url: Type.String(),
  coordSystem: CoordSystemSchema,
  /** per kind: whether a key is stored */
  keySet: StringRecord(Type.Boolean()),
});

const AddressSettingsSchema = Type.Object({
  provider: AddressProviderSchema,
  keySet: StringRecord(Type.Boolean()),
});

/** The 地图设置 page's view: the choices, which keys are set (not the keys), and where the values came from. */
const MapSettingsSchema = Type.Object({
  basemap: BasemapSettingsSchema,
  address: AddressSettingsSchema,
  /** 'env': nothing saved yet, the environment's TILE_URL / ADDRESS_PROVIDER apply */
  source: Type.Unsafe<'env' | 'saved'>(Literals(['env', 'saved'] as const)),
  /** the offline street map's import state: offlineStreet can be chosen once it is ready */
  streetMap: StreetMapStatusSchema,
  /** address providers this server can use now (offlineStreet only after an import) */
  availableProviders: Type.Array(AddressProviderSchema),
  updated: Type.Number(),
  updatedBy: Type.String(),
});
export type MapSettingsView = Static<typeof MapSettingsSchema>;

/** A key: letters, digits and the few signs providers use; '' clears it, absent keeps the stored one. */
const ApiKey = Type.String({ maxLength: 128, pattern: '^[A-Za-z0-9_.\\-]*$' });

/** Flat on purpose: the operation log masks fields named like keys (…ApiKey) at the top level. */
const MapSettingsSaveInput = Type.Object({
  basemapKind: BasemapKindSchema,
  /** custom only */
  basemapUrl: Type.Optional(Type.String({ maxLength: 1000 })),
  /** custom only (the providers' are known) */
  coordSystem: Type.Optional(CoordSystemSchema),
  tileApiKey: Type.Optional(ApiKey),
  addressProvider: AddressProviderSchema,
  addressApiKey: Type.Optional(ApiKey),
});
export type MapSettingsSaveInput = Static<typeof MapSettingsSaveInput>;

const MapSettingsTestInput = Type.Object({
  /** what to check: the basemap's tiles or the address provider's reverse geocoding */
  target: Type.Unsafe<'basemap' | 'address'>(Literals(['basemap', 'address'] as const)),
  /** the kind (basemap) or provider (address) to check */
  name: Type.String({ maxLength: 20 }),
  url: Type.Optional(Type.String({ maxLength: 1000 })),
  /** absent: the stored key of that kind or provider */
  apiKey: Type.Optional(ApiKey),
});
export type MapSettingsTestInput = Static<typeof MapSettingsTestInput>;

const MapSettingsTestAnswer = Type.Object({
  ok: Type.Boolean(),
  /** in Chinese: what was checked, or what failed (invalid key, quota, network…) */
  message: Type.String(),
  /** an address the provider gave for the test point, or the tile's content type */
  sample: Type.String(),
});
export type MapSettingsTestResult = Static<typeof MapSettingsTestAnswer>;

const base = '/car/v1/api/mapSettings';
const tag = '地图设置';

export const mapSettingsEndpoints = {
  /** The basemap to draw; every map polls it and rebuilds when `version` changes. */
  basemap: endpoint({ method: 'GET', path: `${base}/basemap.json`, tag, summary: '查询底图', answer: BasemapSchema }),
  /** A raster tile of the configured provider, fetched by the platform with the stored key. */
  tile: endpoint({
    method: 'GET',
    path: `${base}/tile`,
    tag,
    summary: '地图瓦片',
    input: Type.Object({
      z: Type.Integer({ minimum: 0, maximum: 22 }),
      x: Type.Integer({ minimum: 0 }),
      y: Type.Integer({ minimum: 0 }),
      /** the basemap version the style was built for (a changed basemap never serves an old tile from a cache) */
      v: Type.Optional(Type.String({ maxLength: 40 })),
      /** which of the style's tile layers (天地图: 0 the map, 1 its labels) */
      layer: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    }),
    produces: 'image',
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/get.json`,
    tag,
    summary: '查询地图设置',
    permission: 'system:mapSettings',
    answer: MapSettingsSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: `${base}/save.json`,
    tag,
    summary: '保存地图设置',
    permission: 'system:mapSettings:edit',
    encoding: 'json',
    input: MapSettingsSaveInput,
    answer: MapSettingsSchema,
  }),
  test: endpoint({
    method: 'POST',
    path: `${base}/test.json`,
    tag,
    summary: '测试地图密钥',
    permission: 'system:mapSettings:edit',
    encoding: 'json',
    input: MapSettingsTestInput,
    answer: MapSettingsTestAnswer,
  }),
};

export const MAP_SETTINGS_ERRORS = defineErrors('mapSettings', {
  platformOnly: { msg: '仅平台管理员可设置地图', status: 403 },
  keyRequired: '{provider}需要填写密钥',
  urlRequired: '自定义底图需要填写瓦片地址或样式地址',
  urlInvalid: '瓦片地址须为 http(s) 地址，栅格瓦片须包含 {z}、{x}、{y}',
  baiduBasemap: '百度瓦片使用自有投影网格，暂不能作为底图；百度可用于地址解析',
  streetMapNotReady: '离线街道地图尚未导入完成，暂不能选用',
  noTiles: { msg: '当前底图不使用瓦片', status: 404 },
  tileFailed: { msg: '瓦片获取失败', status: 502 },
});
