import type { Alarm, LastPosition, Presence } from '@chelian/contracts';

export type LiveEvent = { kind: 'pos'; data: LastPosition } | { kind: 'alarm'; data: Alarm } | { kind: 'presence'; data: Presence };

const KINDS: Record<string, LiveEvent['kind']> = {
  pos: 'pos',
  position: 'pos',
  positions: 'pos',
  alarm: 'alarm',
  alarms: 'alarm',
  presence: 'presence',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Reads one message of the live feed (/ws/live): `{type, data}` with one item or a list, or a
 * snapshot page `{type: 'snapshot', data: positions, final}` (or `positions, alarms?, presence?`).
 * Anything else is ignored, so a newer server cannot break an older page.
 */
export function parseLiveMessage(raw: unknown): LiveEvent[] {
  let message = raw;
  if (typeof raw === 'string') {
    try {
      message = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (Array.isArray(message)) return message.flatMap(parseLiveMessage);
  if (!isObject(message)) return [];
  const type = String(message.type ?? message.kind ?? '');
  if (type === 'snapshot') {
    return [
      // the server's snapshot pages: {type: 'snapshot', data: LastPosition[], final}
      ...listOf(message.positions ?? message.data).map((data) => ({ kind: 'pos', data }) as unknown as LiveEvent),
      ...listOf(message.presence).map((data) => ({ kind: 'presence', data }) as unknown as LiveEvent),
      ...listOf(message.alarms).map((data) => ({ kind: 'alarm', data }) as unknown as LiveEvent),
    ];
  }
  const kind = KINDS[type] ?? KINDS[type.split('.')[0]];
  if (!kind) return [];
  const payload = message.data ?? message.payload ?? message.items ?? message.list;
  return listOf(payload).map((data) => ({ kind, data }) as unknown as LiveEvent);
}

function listOf(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.filter(isObject);
  return isObject(value) ? [value] : [];
}
