/**
 * What a terminal sits in (docs/asset-kinds.md): every asset has one kind, set by the sub-product
 * that registers it and stored with it (vehicles.type; a pet is a kind by its own table). Each
 * sub-product shows its own kinds only; the pages spanning kinds split their figures by kind.
 */

/** The kinds, in the order figures split by kind list them. */
export const ASSET_KINDS = ['vehicle', 'ebike', 'badge', 'pet'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** Each kind's Chinese name: the one place every page and sheet reads it from. */
export const ASSET_KIND_NAMES: Readonly<Record<AssetKind, string>> = { vehicle: '车辆', ebike: '电单车', badge: '人员', pet: '宠物' };

export const isAssetKind = (value: unknown): value is AssetKind =>
  typeof value === 'string' && (ASSET_KINDS as readonly string[]).includes(value);

/** The kinds that drive: they have mileage, driving time, stays and overspeed. People and pets never. */
export const VEHICLE_KINDS: readonly AssetKind[] = ['vehicle', 'ebike'];

/**
 * Which kinds each sub-product shows (by its systemId, platforms.ts): its lists, map, counts,
 * fences and reports hold these kinds and no others. The pages spanning kinds (数据中心, 系统管理's
 * 终端管理) show every kind, split.
 */
export const PRODUCT_ASSET_KINDS = {
  car: VEHICLE_KINDS,
  'data-report': VEHICLE_KINDS,
  'elec-car': ['ebike'],
  'elec-lease': ['ebike'],
  'elec-gb': ['ebike'],
  card: ['badge'],
  pet: ['pet'],
  dataCenter: ASSET_KINDS,
  system: ASSET_KINDS,
} as const satisfies Record<string, readonly AssetKind[]>;
export type AssetProduct = keyof typeof PRODUCT_ASSET_KINDS;

/** The kinds a sub-product shows. */
export const kindsOf = (product: AssetProduct): readonly AssetKind[] => PRODUCT_ASSET_KINDS[product];
