/**
 * The watch status word (8 hex digits). Low 16 bits are states, high 16 bits alarms
 * (4P-Touch server protocol): states 0 low battery, 1 outside the watch's fence, 2 inside it,
 * 3 worn, 4 still; alarms 16 SOS, 17 low battery, 18 left the fence, 19 entered it,
 * 20 taken off, 21 fall, 22 abnormal heart rate. Traccar reads bit 22 as a fall too; we follow
 * the protocol document. The low-battery state also raises lowBattery, as Traccar does (as a
 * level: once per episode).
 */
import { NO_ALARMS, type AlarmType } from '../alarms.ts';

const ALARM_BITS: ReadonlyArray<readonly [number, AlarmType]> = [
  [16, 'sos'],
  [17, 'lowBattery'],
  [18, 'geofenceExit'],
  [19, 'geofenceEnter'],
  [20, 'wearRemoved'],
  [21, 'fallDown'],
  [22, 'heartRateAbnormal'],
];

export const WATCH_STATE_BITS = { lowBattery: 0, outsideFence: 1, insideFence: 2, worn: 3, still: 4 } as const;

/** Alarm lists by word, cached: a terminal sends the same few words all day. */
const cache = new Map<number, AlarmType[]>();

export function watchAlarms(word: number): AlarmType[] {
  if (word <= 0 || !Number.isFinite(word)) return NO_ALARMS;
  const relevant = word & 0x7f0001;
  if (relevant === 0) return NO_ALARMS;
  let list = cache.get(relevant);
  if (list) return list;
  const out: AlarmType[] = [];
  for (const [bit, type] of ALARM_BITS) if (word & (1 << bit)) out.push(type);
  if (word & 1 && !out.includes('lowBattery')) out.push('lowBattery');
  list = Object.freeze(out) as AlarmType[];
  if (cache.size < 1024) cache.set(relevant, list);
  return list;
}

/** The word a terminal sends for these alarms and states (the simulator's side). */
export function watchStatusWord(alarms: readonly AlarmType[], states: { worn?: boolean; still?: boolean } = {}): number {
  let word = 0;
  for (const [bit, type] of ALARM_BITS) if (alarms.includes(type)) word |= 1 << bit;
  if (states.worn) word |= 1 << WATCH_STATE_BITS.worn;
  if (states.still) word |= 1 << WATCH_STATE_BITS.still;
  return word >>> 0;
}
