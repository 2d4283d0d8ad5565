import { BRIDGE_SOURCE, BRIDGE_TYPES, type BridgeMessage, type BridgeType } from './bridgeTypes.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** Payload checks per type: a message that fails one is dropped, never half-applied. */
const validators: { [K in BridgeType]: (p: Record<string, unknown>) => boolean } = {
  goPage: (p) => isString(p.path) && p.path.startsWith('/'),
  changeClient: (p) => p.client === null || (isObject(p.client) && typeof p.client.accountId === 'number'),
  updateMenu: (p) => isString(p.path) && isString(p.title),
  showDownList: (p) => typeof p.show === 'boolean',
  showVehInfo: (p) => isString(p.vehicleId) && (p.tab === '' || p.tab === 'follow'),
  getResourceData: () => true,
  changeResourceData: (p) => Array.isArray(p.resources),
  showImage: (p) => Array.isArray(p.urls) && p.urls.every(isString) && (p.index === undefined || typeof p.index === 'number'),
  sessionExpired: () => true,
};

/** Accepts only same-origin bridge messages of the known types with a valid payload. */
export function parseBridgeMessage(data: unknown, origin: string, expectedOrigin: string): BridgeMessage | null {
  if (origin !== expectedOrigin) return null;
  if (!isObject(data) || data.source !== BRIDGE_SOURCE) return null;
  const type = data.type;
  if (!isString(type) || !(BRIDGE_TYPES as readonly string[]).includes(type)) return null;
  const payload = data.payload ?? {};
  if (!isObject(payload)) return null;
  if (!validators[type as BridgeType](payload)) return null;
  return { source: BRIDGE_SOURCE, type, payload, system: isString(data.system) ? data.system : undefined } as BridgeMessage;
}

export function bridgeMessage<K extends BridgeType>(type: K, payload: BridgeMessage<K>['payload'], system?: string): BridgeMessage<K> {
  return { source: BRIDGE_SOURCE, type, payload, system } as BridgeMessage<K>;
}
