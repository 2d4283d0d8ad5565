import type { MapSettingsTestResult } from '@chelian/contracts';
import { AddressProviderError, type ProviderFailureReason } from '../address/address.providers.ts';
import { providerDefinition, type ProviderContext } from '../address/address.registry.ts';
import { isRasterTemplate, tileUrl } from './basemap.tiles.ts';

/** 天安门 (WGS-84): every provider has an address for it. */
const TEST_POINT = { lon: 116.391_3, lat: 39.907_4 };
/** The tile over Beijing at zoom 10. */
const TEST_TILE = { z: 10, x: 843, y: 388 };
const TIMEOUT_MS = 5000;

const LABELS: Record<string, string> = {
  amap: '高德',
  tianditu: '天地图',
  baidu: '百度',
  custom: '自定义地图服务',
  offlineStreet: '离线街道地图',
};

/** Chinese for why a provider refused (the provider's own words follow in brackets). */
export function failureText(label: string, reason: ProviderFailureReason, detail: string): string {
  const said = detail ? `（${detail}）` : '';
  switch (reason) {
    case 'invalidKey':
      return `${label}密钥无效或无权使用该服务${said}`;
    case 'quota':
      return `${label}密钥的调用量已超限，请稍后再试或提升配额${said}`;
    case 'network':
      return `无法连接${label}服务，请检查服务器网络${said}`;
    default:
      return `${label}返回了无法识别的应答${said}`;
  }
}

const fail = (message: string): MapSettingsTestResult => ({ ok: false, message, sample: '' });

/** Reverse-geocodes the test point with the provider and key. */
export async function probeAddress(name: string, key: string, ctx: ProviderContext): Promise<MapSettingsTestResult> {
  const def = providerDefinition(name);
  if (!def) return fail(`未知的地址服务：${name}`);
  if (!(await def.available(ctx).catch(() => false))) return fail(`${def.label}暂不可用（尚未导入离线街道地图）`);
  if (def.needsKey && !key) return fail(`请填写${def.label}密钥`);
  const provider = def.create(key, ctx);
  if (!provider) return fail(`请填写${def.label}密钥`);
  try {
    const [address] = await provider.lookup([TEST_POINT]);
    return address
      ? { ok: true, message: `${def.label}可用：测试点（天安门）的地址为“${address}”`, sample: address }
      : { ok: true, message: `${def.label}可以连接，但测试点（天安门）没有返回地址`, sample: '' };
  } catch (e) {
    if (e instanceof AddressProviderError) return fail(failureText(def.label, e.reason, e.detail));
    return fail(failureText(def.label, 'network', (e as Error).message));
  }
}

/** Fetches one tile (or the style) the way the relay (or the browser) would. */
export async function probeBasemap(
  kind: string,
  templates: readonly string[] | null,
  url: string,
  key: string,
  fetcher: typeof fetch,
): Promise<MapSettingsTestResult> {
  const label = LABELS[kind] ?? kind;
  if (kind === 'offline') return { ok: true, message: '离线底图随平台提供，无需测试', sample: '' };
  if (kind === 'baidu') return fail('百度瓦片使用自有投影网格，暂不能作为底图；百度可用于地址解析');
  if (kind === 'tianditu' && !key) return fail('请填写天地图密钥');
  if (kind === 'custom' && !url) return fail('请填写瓦片地址或样式地址');
  const target = templates
    ? tileUrl(templates[0], TEST_TILE.z, TEST_TILE.x, TEST_TILE.y, key)
    : url.replace(/\{key\}/g, encodeURIComponent(key));
  let res: Response;
  try {
    res = await fetcher(target, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    return fail(failureText(label, 'network', timedOut ? `超时（${TIMEOUT_MS / 1000} 秒）` : String((e as Error).message ?? e)));
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok) {
    const reason = res.status === 401 || res.status === 403 ? 'invalidKey' : res.status === 429 ? 'quota' : 'answer';
    return fail(failureText(label, reason, `HTTP ${res.status}`));
  }
  if (templates || isRasterTemplate(url)) {
    if (type.startsWith('image/'))
      return { ok: true, message: `${label}瓦片可用（测试瓦片 ${TEST_TILE.z}/${TEST_TILE.x}/${TEST_TILE.y}）`, sample: type };
    // 天地图 answers a bad tk with a text or XML page instead of a tile
    const text = await res.text().catch(() => '');
    const reason = /key|tk|权限|非法|授权/i.test(text) ? 'invalidKey' : /超|限|quota/i.test(text) ? 'quota' : 'answer';
    return fail(
      failureText(
        label,
        reason,
        text
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 80),
      ),
    );
  }
  const style = (await res.json().catch(() => null)) as { version?: unknown; sources?: unknown } | null;
  if (style?.version === 8 && style.sources && typeof style.sources === 'object')
    return { ok: true, message: `${label}样式可用（MapLibre 样式，${Object.keys(style.sources).length} 个数据源）`, sample: 'style' };
  return fail(`${label}地址既不是含 {z}/{x}/{y} 的瓦片地址，也不是 MapLibre 样式（version 8）`);
}
