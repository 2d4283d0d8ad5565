import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../db/types.ts';
import { ingestQueries, type NewAlarm } from './ingest.queries.ts';
import { alarmFoldQueries } from './alarmFold.queries.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

/**
 * One alarm per episode (docs/car.md, "Alarms: one per episode"). The gateway stores an alarm
 * when a terminal's alarm bit rises (alarmEdges), but a bit that flickers (a speed around the
 * terminal's limit), an alarm packet sent again, or a reconnect raises the same type again and
 * again. A type raised again while the terminal's alarm of that type is open — last seen (raised,
 * or reported in a position) at most ALARM_FOLD_GAP_MS before — is a repeat: it is added to that alarm (repeats, last_seen_at) and
 * no row, live news or push is made. Handling the alarm handles its repeats (the same row).
 */
export const ALARM_FOLD_GAP_MS = 300_000;

/** An alarm raised with no open episode around it after this long is a new alarm, however often it repeated. */
const OPEN_AT_MOST_MS = DAY_MS;

/** Events each of its own (one crash, one harsh brake): never folded. */
const DISCRETE_TYPES: ReadonlySet<AlarmType> = new Set<AlarmType>([
  'acceleration',
  'braking',
  'cornering',
  'collision',
  'rollover',
  'fallDown',
]);

/** The newest stored alarm of a terminal and type. */
export interface OpenAlarm {
  id: number;
  accountId: number | null;
  alarmTime: number;
  lastSeenAt: number;
}

/** Per alarm handed in: stored as a new row, a repeat of a stored alarm, or a repeat of one stored with it (its index). */
export type FoldDecision = { kind: 'insert' } | { kind: 'repeat'; of: number } | { kind: 'repeatOfNew'; index: number };

const keyOf = (a: { terminalPk: number; type: string }) => `${a.terminalPk}|${a.type}`;

/** Which alarms are repeats (pure): `open` holds the newest stored alarm per terminal and type (keyOf). */
export function planFolds(alarms: readonly NewAlarm[], open: ReadonlyMap<string, OpenAlarm>): FoldDecision[] {
  const episodes = new Map<string, { target: FoldDecision; accountId: number | null; alarmTime: number; lastSeenAt: number }>();
  for (const [key, o] of open) episodes.set(key, { target: { kind: 'repeat', of: o.id }, ...o });
  return alarms.map((a, index) => {
    if (DISCRETE_TYPES.has(a.type)) return { kind: 'insert' };
    const key = keyOf(a);
    const e = episodes.get(key);
    if (e && e.accountId === a.accountId && a.alarmTime >= e.alarmTime && a.alarmTime - e.lastSeenAt <= ALARM_FOLD_GAP_MS) {
      e.lastSeenAt = Math.max(e.lastSeenAt, a.alarmTime);
      return e.target;
    }
    // Older than the open alarm (a blind-area upload) or after a pause: an alarm of its own.
    if (!e || a.alarmTime >= e.alarmTime)
      episodes.set(key, {
        target: { kind: 'repeatOfNew', index },
        accountId: a.accountId,
        alarmTime: a.alarmTime,
        lastSeenAt: a.alarmTime,
      });
    return { kind: 'insert' };
  });
}

/** The gateway's alarms stored: per alarm its row's id, and whether it was a repeat of an alarm already open (no news of its own). */
export interface StoredAlarms {
  ids: number[];
  repeats: boolean[];
}

/** A flush's alarms, the repeats of an open alarm folded into it (planFolds). */
export async function storeAlarms(q: Queryable, alarms: NewAlarm[]): Promise<StoredAlarms> {
  const since = new Map<string, { terminalPk: number; type: AlarmType; since: number; first: number }>();
  for (const a of alarms) {
    if (DISCRETE_TYPES.has(a.type)) continue;
    const k = since.get(keyOf(a));
    if (!k || a.alarmTime < k.first)
      since.set(keyOf(a), { terminalPk: a.terminalPk, type: a.type, since: a.alarmTime - OPEN_AT_MOST_MS, first: a.alarmTime });
  }
  const open = new Map<string, OpenAlarm>();
  if (since.size) {
    for (const r of await alarmFoldQueries.open(q, [...since.values()], ALARM_FOLD_GAP_MS))
      open.set(keyOf({ terminalPk: Number(r.terminal_id), type: r.type }), {
        id: Number(r.id),
        accountId: r.account_id === null ? null : Number(r.account_id),
        alarmTime: r.alarm_time.getTime(),
        lastSeenAt: r.last_seen_at.getTime(),
      });
  }
  const plan = planFolds(alarms, open);
  const fresh = alarms.filter((_, i) => plan[i].kind === 'insert');
  const freshIds = fresh.length ? await ingestQueries.insertAlarms(q, fresh) : [];
  const idAt = new Map<number, number>();
  let next = 0;
  plan.forEach((d, i) => d.kind === 'insert' && idAt.set(i, freshIds[next++]));
  const ids = plan.map((d, i) => (d.kind === 'insert' ? idAt.get(i)! : d.kind === 'repeat' ? d.of : idAt.get(d.index)!));
  const added = new Map<number, { id: number; count: number; lastSeenAt: number }>();
  plan.forEach((d, i) => {
    if (d.kind === 'insert') return;
    const r = added.get(ids[i]) ?? { id: ids[i], count: 0, lastSeenAt: alarms[i].alarmTime };
    r.count += 1;
    r.lastSeenAt = Math.max(r.lastSeenAt, alarms[i].alarmTime);
    added.set(ids[i], r);
  });
  if (added.size) await alarmFoldQueries.addRepeats(q, [...added.values()]);
  return { ids, repeats: plan.map((d) => d.kind !== 'insert') };
}
