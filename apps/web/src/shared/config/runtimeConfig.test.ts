import { describe, expect, it } from 'vitest';
import { assistantConfigured, DEFAULT_RUNTIME_CONFIG, mergeRuntimeConfig } from './runtimeConfig.ts';

describe('runtime configuration', () => {
  it('falls back to the defaults when the script is absent', () => {
    expect(mergeRuntimeConfig(undefined)).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
  it('takes known string fields and trims a trailing slash from the base address', () => {
    const c = mergeRuntimeConfig({ baseUrl: 'https://api.example.cn/', systemName: 'fleet', tileCoordSystem: 'gcj02', x: 1 });
    expect(c.baseUrl).toBe('https://api.example.cn');
    expect(c.systemName).toBe('fleet');
    expect(c.tileCoordSystem).toBe('gcj02');
  });
  it('ignores wrong types and blank system names', () => {
    const c = mergeRuntimeConfig({ baseUrl: 5, systemName: '  ', tileCoordSystem: 'bd09' });
    expect(c.baseUrl).toBe('');
    expect(c.systemName).toBe('chelian');
    expect(c.tileCoordSystem).toBe('wgs84');
  });
  it('needs both AI addresses for the assistant', () => {
    expect(assistantConfigured({ ...DEFAULT_RUNTIME_CONFIG, aiBaseUrl: 'https://ai' })).toBe(false);
    expect(assistantConfigured({ ...DEFAULT_RUNTIME_CONFIG, aiScriptUrl: 'https://ai/s.js' })).toBe(false);
    expect(assistantConfigured({ ...DEFAULT_RUNTIME_CONFIG, aiBaseUrl: 'https://ai', aiScriptUrl: 'https://ai/s.js' })).toBe(true);
  });
});
