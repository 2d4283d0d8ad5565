import { describe, expect, it } from 'vitest';
import { BRIDGE_TYPES } from './bridgeTypes.ts';
import { bridgeMessage, parseBridgeMessage } from './parseBridgeMessage.ts';

const O = 'http://localhost:8080';

describe('message bridge', () => {
  it("has the eight spec types and sessionExpired (one 会话过期 dialog, the shell's)", () => {
    expect([...BRIDGE_TYPES].sort()).toEqual(
      [
        'changeClient',
        'changeResourceData',
        'getResourceData',
        'goPage',
        'showDownList',
        'showImage',
        'showVehInfo',
        'updateMenu',
        'sessionExpired',
      ].sort(),
    );
  });
  it('accepts valid same-origin messages', () => {
    const m = bridgeMessage('showVehInfo', { vehicleId: '12', tab: 'follow' }, 'car');
    expect(parseBridgeMessage(JSON.parse(JSON.stringify(m)), O, O)).toEqual(m);
    expect(parseBridgeMessage(bridgeMessage('getResourceData', {}), O, O)?.type).toBe('getResourceData');
  });
  it('drops other origins, foreign messages and unknown types', () => {
    const m = bridgeMessage('goPage', { path: '/home' });
    expect(parseBridgeMessage(m, 'http://evil.example', O)).toBeNull();
    expect(parseBridgeMessage({ type: 'goPage', payload: { path: '/home' } }, O, O)).toBeNull();
    expect(parseBridgeMessage({ ...m, type: 'deleteAll' }, O, O)).toBeNull();
  });
  it('drops invalid payloads', () => {
    expect(parseBridgeMessage(bridgeMessage('goPage', { path: 'javascript:alert(1)' }), O, O)).toBeNull();
    expect(
      parseBridgeMessage({ ...bridgeMessage('showVehInfo', { vehicleId: '1', tab: '' }), payload: { vehicleId: '1', tab: 'x' } }, O, O),
    ).toBeNull();
    expect(parseBridgeMessage({ ...bridgeMessage('showImage', { urls: [] }), payload: { urls: [1] } }, O, O)).toBeNull();
    expect(parseBridgeMessage({ ...bridgeMessage('changeResourceData', { resources: [] }), payload: {} }, O, O)).toBeNull();
  });
});
