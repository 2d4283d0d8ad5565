/**
 * The sentence being decoded and helpers over its fields. One shared `Fields`: decoding is
 * synchronous and copies out everything it keeps.
 */
import { pad2, utcMillis, wallTime } from '../common/time.ts';
import { Fields } from './fields.ts';

export const fields = new Fields();

export function restOf(from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < fields.count; i++) out.push(fields.text(i));
  return out;
}

export function numberOrUndefined(n: number): number | undefined {
  return Number.isNaN(n) ? undefined : n;
}

export function ack(maker: string, id: string, type: string, now: number): Buffer {
  const t = wallTime(now);
  const stamp = `${t.year}${pad2(t.month)}${pad2(t.day)}${pad2(t.hour)}${pad2(t.minute)}${pad2(t.second)}`;
  return Buffer.from(`*${maker},${id},V4,${type},${stamp}#`, 'latin1');
}

/** UTC ms of an HHMMSS field and a DDMMYY field, or -1. */
export function timeOf(timeField: number, dateField: number): number {
  if (!fields.isDigits(timeField, 6) || !fields.isDigits(dateField, 6)) return -1;
  return utcMillis(
    2000 + fields.pair(dateField, 2),
    fields.pair(dateField, 1),
    fields.pair(dateField, 0),
    fields.pair(timeField, 0),
    fields.pair(timeField, 1),
    fields.pair(timeField, 2),
  );
}

