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
  if (fields.length(timeField) !== 6 || fields.length(dateField) !== 6) return -1;
  const t = fields.digitsValue(timeField); // HHMMSS
  const d = fields.digitsValue(dateField); // DDMMYY
  if (t < 0 || d < 0) return -1;
  return utcMillis(
    2000 + (d % 100),
    Math.floor(d / 100) % 100,
    Math.floor(d / 10_000),
    Math.floor(t / 10_000),
    Math.floor(t / 100) % 100,
    t % 100,
  );
}
