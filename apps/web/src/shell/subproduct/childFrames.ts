import type { BridgePayloads, BridgeType } from '../../shared/bridge/bridgeTypes.ts';
import { bridgeMessage } from '../../shared/bridge/parseBridgeMessage.ts';

/** The sub-product frames the shell holds, by system id, and the last path each reported. */
const frames = new Map<string, Window>();
const reported = new Map<string, string>();

export function registerChildFrame(system: string, win: Window | null): void {
  if (win) frames.set(system, win);
  else frames.delete(system);
}

export function childSystemOf(win: MessageEventSource | null): string | undefined {
  for (const [system, w] of frames) if (w === win) return system;
  return undefined;
}

export function postToChild<K extends BridgeType>(system: string, type: K, payload: BridgePayloads[K]): void {
  frames.get(system)?.postMessage(bridgeMessage(type, payload as never, 'shell'), window.location.origin);
}

export function broadcastToChildren<K extends BridgeType>(type: K, payload: BridgePayloads[K]): void {
  for (const system of frames.keys()) postToChild(system, type, payload);
}

export function setReportedPath(system: string, path: string): void {
  reported.set(system, path);
}

export function reportedPath(system: string): string | undefined {
  return reported.get(system);
}
