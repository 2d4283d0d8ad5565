import {
  MAP_SETTINGS_ERRORS,
  type BasemapInfo,
  type MapSettingsSaveInput,
  type MapSettingsTestInput,
  type MapSettingsTestResult,
  type MapSettingsView,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { platformSecretBox } from '../../core/secretBox.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { availableProviders, providerDefinition, type ProviderContext } from '../address/address.registry.ts';
import type { Fetcher } from '../address/address.street.ts';
import { basemapInfo, isRasterTemplate, tileUrl, upstreamTemplates } from './basemap.tiles.ts';
import type { StoredMapSettings } from './mapSettings.queries.ts';
import { mapSettingsStore, type EffectiveMapSettings } from './mapSettings.store.ts';
import { probeAddress, probeBasemap } from './providerProbe.ts';
import { streetMapState } from './streetMap.port.ts';

const TILE_TIMEOUT_MS = 8000;

/** The settings as the operation log keeps them: which choices, whether keys are set, never a key. */
export function auditView(s: Pick<EffectiveMapSettings, 'basemap' | 'address'>): Record<string, unknown> {
  return {
    basemap: s.basemap.kind,
    url: s.basemap.url,
    coordSystem: s.basemap.coordSystem,
    basemapKeys: Object.keys(s.basemap.keys).filter((k) => s.basemap.keys[k]),
    address: s.address.provider,
    addressKeys: Object.keys(s.address.keys).filter((k) => s.address.keys[k]),
  };
}

const keySet = (keys: Partial<Record<string, string>>) => Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, Boolean(v)]));

/** 地图设置 (docs/maps.md): only the platform administrator reads or changes it; every signed-in page reads the basemap. */
export class MapSettingsService {
  private readonly store;

  constructor(
    private readonly ctx: AppContext,
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.store = mapSettingsStore(ctx);
  }

  providerContext(): ProviderContext {
    return { db: this.ctx.db, fetcher: this.fetcher as unknown as Fetcher, baseUrls: this.ctx.config.mapProviderBaseUrls };
  }

  private platformOnly(user: SessionUser) {
    if (!user.isPlatformAdmin) throw new AppError(MAP_SETTINGS_ERRORS.platformOnly);
  }

  async basemap(): Promise<BasemapInfo> {
    return basemapInfo(await this.store.current(), await streetMapState(this.ctx));
  }

  async view(user: SessionUser): Promise<MapSettingsView> {
    this.platformOnly(user);
    const s = await this.store.current();
    return {
      basemap: { kind: s.basemap.kind, url: s.basemap.url, coordSystem: s.basemap.coordSystem, keySet: keySet(s.basemap.keys) },
      address: { provider: s.address.provider, keySet: keySet(s.address.keys) },
      source: s.source,
      streetMap: (({ styleUrl: _style, ...status }) => status)(await streetMapState(this.ctx)),
      availableProviders: await availableProviders(this.providerContext()),
      updated: s.updated,
      updatedBy: s.updatedBy,
    };
  }

  async save(user: SessionUser, input: MapSettingsSaveInput) {
    this.platformOnly(user);
    const before = await this.store.current();
    const row = await this.store.stored();
    const box = platformSecretBox(this.ctx.config);
    // The environment's keys are not carried into the saved value: a save names its own.
    const stored: StoredMapSettings = row?.value ?? {
      basemap: { kind: 'offline', url: '', coordSystem: 'wgs84', keys: {} },
      address: { provider: 'offline', keys: {} },
      updatedBy: '',
    };
    const basemap = { kind: input.basemapKind, url: input.basemapUrl, coordSystem: input.coordSystem, tileApiKey: input.tileApiKey };
    const address = { provider: input.addressProvider, addressApiKey: input.addressApiKey };
    const url = (basemap.url ?? '').trim();
    const basemapKeys = { ...stored.basemap.keys };
    if (basemap.tileApiKey !== undefined) basemapKeys[basemap.kind] = basemap.tileApiKey ? box.seal(basemap.tileApiKey) : undefined;
    const addressKeys = { ...stored.address.keys };
    if (address.addressApiKey !== undefined)
      addressKeys[address.provider] = address.addressApiKey ? box.seal(address.addressApiKey) : undefined;

    if (basemap.kind === 'baidu') throw new AppError(MAP_SETTINGS_ERRORS.baiduBasemap);
    if (basemap.kind === 'offlineStreet' && (await streetMapState(this.ctx)).state !== 'ready')
      throw new AppError(MAP_SETTINGS_ERRORS.streetMapNotReady);
    if (basemap.kind === 'tianditu' && !basemapKeys.tianditu)
      throw new AppError(MAP_SETTINGS_ERRORS.keyRequired, { params: { provider: '天地图底图' } });
    if (basemap.kind === 'custom') {
      if (!url) throw new AppError(MAP_SETTINGS_ERRORS.urlRequired);
      if (!/^https?:\/\/[^/\s]+/i.test(url) && !(url.startsWith('/') && !isRasterTemplate(url)))
        throw new AppError(MAP_SETTINGS_ERRORS.urlInvalid);
      if (/\{[zxy]\}/.test(url) && !isRasterTemplate(url)) throw new AppError(MAP_SETTINGS_ERRORS.urlInvalid);
    }
    const def = providerDefinition(address.provider);
    if (!def || !(await def.available(this.providerContext()).catch(() => false)))
      throw new AppError(MAP_SETTINGS_ERRORS.streetMapNotReady);
    if (def.needsKey && !addressKeys[address.provider])
      throw new AppError(MAP_SETTINGS_ERRORS.keyRequired, { params: { provider: `${def.label}地址解析` } });

    const clean = (keys: Partial<Record<string, string>>) =>
      Object.fromEntries(Object.entries(keys).filter(([, v]) => v)) as Record<string, string>;
    const after = await this.store.save({
      basemap: {
        kind: basemap.kind,
        url: basemap.kind === 'custom' ? url : '',
        coordSystem: basemap.kind === 'custom' ? (basemap.coordSystem ?? 'wgs84') : basemap.kind === 'amap' ? 'gcj02' : 'wgs84',
        keys: clean(basemapKeys),
      },
      address: { provider: address.provider, keys: clean(addressKeys) },
      updatedBy: user.username,
    });
    return { view: await this.view(user), before: auditView(before), after: auditView(after) };
  }

  async test(user: SessionUser, input: MapSettingsTestInput): Promise<MapSettingsTestResult> {
    this.platformOnly(user);
    const s = await this.store.current();
    if (input.target === 'address') {
      const key = input.apiKey ?? s.address.keys[input.name] ?? '';
      return probeAddress(input.name, key, this.providerContext());
    }
    const key = input.apiKey ?? s.basemap.keys[input.name] ?? '';
    const url = (input.url ?? '').trim();
    const kind = input.name;
    if (kind === 'offlineStreet') {
      const street = await streetMapState(this.ctx);
      return street.state === 'ready'
        ? { ok: true, message: '离线街道地图已导入，可以使用', sample: '' }
        : { ok: false, message: '离线街道地图尚未导入完成', sample: '' };
    }
    const templates =
      kind === 'custom'
        ? isRasterTemplate(url)
          ? [url]
          : null
        : upstreamTemplates({ kind: kind as never, url, coordSystem: 'wgs84', keys: {} });
    return probeBasemap(kind, templates, url, key, this.fetcher);
  }

  /** One tile of the current basemap's layer, fetched upstream with the stored key. */
  async tile(z: number, x: number, y: number, layer: number): Promise<{ bytes: Buffer; type: string }> {
    const s = await this.store.current();
    const templates = upstreamTemplates(s.basemap);
    const template = templates?.[layer];
    if (!template) throw new AppError(MAP_SETTINGS_ERRORS.noTiles);
    if (x >= 2 ** z || y >= 2 ** z) throw new AppError(MAP_SETTINGS_ERRORS.noTiles);
    let res: Response;
    try {
      res = await this.fetcher(tileUrl(template, z, x, y, s.basemap.keys[s.basemap.kind] ?? ''), {
        signal: AbortSignal.timeout(TILE_TIMEOUT_MS),
      });
    } catch {
      throw new AppError(MAP_SETTINGS_ERRORS.tileFailed);
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.startsWith('image/')) throw new AppError(MAP_SETTINGS_ERRORS.tileFailed);
    return { bytes: Buffer.from(await res.arrayBuffer()), type };
  }
}
