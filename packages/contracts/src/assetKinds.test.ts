import { describe, expect, it } from 'vitest';
import { ASSET_KINDS, ASSET_KIND_NAMES, PRODUCT_ASSET_KINDS, VEHICLE_KINDS, isAssetKind, kindsOf } from './assetKinds.ts';
import { SUB_SYSTEMS } from './platforms.ts';

describe('asset kinds', () => {
  it('names each kind in Chinese, once', () => {
    expect(ASSET_KINDS.map((k) => ASSET_KIND_NAMES[k])).toEqual(['车辆', '电单车', '人员', '宠物']);
    expect(isAssetKind('badge')).toBe(true);
    expect(isAssetKind('工牌')).toBe(false);
  });

  it('says which kinds every sub-product shows, so a new one must say it', () => {
    expect(Object.keys(PRODUCT_ASSET_KINDS).sort()).toEqual(SUB_SYSTEMS.map((s) => s.systemId).sort());
  });

  it('keeps people and pets out of every product that shows vehicles, and the pages spanning kinds show all', () => {
    for (const [product, kinds] of Object.entries(PRODUCT_ASSET_KINDS)) {
      const spans = kinds.length === ASSET_KINDS.length;
      if (!spans && kinds.some((k) => VEHICLE_KINDS.includes(k))) expect(kinds, product).not.toContain('badge');
      if (!spans && kinds.some((k) => VEHICLE_KINDS.includes(k))) expect(kinds, product).not.toContain('pet');
    }
    expect(kindsOf('car')).toEqual(['vehicle', 'ebike']);
    expect(kindsOf('dataCenter')).toEqual(ASSET_KINDS);
  });
});
