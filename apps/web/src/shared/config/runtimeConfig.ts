import type { RuntimeConfig } from '@chelian/contracts';

declare global {
  interface Window {
    __CHELIAN_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  baseUrl: '',
  systemName: 'chelian',
  aiBaseUrl: '',
  aiScriptUrl: '',
  tileUrl: '',
  tileCoordSystem: 'wgs84',
};

/** Merges what /runtime-config.js set with the defaults; a missing or broken script leaves the defaults. */
export function mergeRuntimeConfig(raw: unknown): RuntimeConfig {
  const merged: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG };
  if (!raw || typeof raw !== 'object') return merged;
  const src = raw as Record<string, unknown>;
  for (const key of ['baseUrl', 'systemName', 'aiBaseUrl', 'aiScriptUrl', 'tileUrl'] as const) {
    if (typeof src[key] === 'string') merged[key] = src[key] as string;
  }
  if (src.tileCoordSystem === 'gcj02' || src.tileCoordSystem === 'wgs84') merged.tileCoordSystem = src.tileCoordSystem;
  merged.baseUrl = merged.baseUrl.replace(/\/+$/, '');
  if (!merged.systemName.trim()) merged.systemName = DEFAULT_RUNTIME_CONFIG.systemName;
  return merged;
}

let cached: RuntimeConfig | undefined;

export function runtimeConfig(): RuntimeConfig {
  if (!cached) cached = mergeRuntimeConfig(typeof window === 'undefined' ? undefined : window.__CHELIAN_CONFIG__);
  return cached;
}

/** Both AI addresses must be configured before the assistant may load (spec §1). */
export function assistantConfigured(config: RuntimeConfig = runtimeConfig()): boolean {
  return config.aiBaseUrl.trim() !== '' && config.aiScriptUrl.trim() !== '';
}
