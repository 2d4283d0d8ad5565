/**
 * Watch-protocol status figures from the frames: battery %, cumulative steps and tumbles ("roll") of
 * every LK heartbeat and UD/AL report, with or without a fix, one row of terminal_status_reports
 * each (core/statusReports.queries.ts). Written with the positions' flush, so the watch is answered
 * (LK echoed) only once what it sent is stored.
 */
import type { DeviceMessage } from '@chelian/protocols/model.ts';
import type { LocationSource, PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import type { StatusReportRow } from '../core/statusReports.queries.ts';

/** Whole, within a column's range, or null (a figure the frame did not carry or garbled). */
const whole = (v: unknown, max: number): number | null => {
  const n = typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) && n >= 0 && n <= max ? Math.trunc(n) : null;
};
const MAX_COUNTER = 2 ** 40;
/** A device time further ahead than this is not believed: the row takes the time received. */
const FUTURE_TOLERANCE_MS = 10 * 60_000;

/**
 * The row a watch message gives, or null when it carries none of battery, steps or tumbles
 * (health readings, voice, commands, configuration).
 */
export function statusReportOf(terminalPk: number, msg: DeviceMessage, now: number): StatusReportRow | null {
  if (msg.protocol !== 'watch') return null;
  const p = msg.positions?.[0];
  const detail = (msg.detail ?? {}) as Record<string, unknown>;
  const source = p ? p.extras : detail;
  const battery = whole(p ? p.extras.battery : msg.status?.batteryLevel, 100);
  const steps = whole(source.steps, MAX_COUNTER);
  const roll = whole(source.tumbles, MAX_COUNTER);
  if (battery === null && steps === null && roll === null) return null;
  const signal = whole(p ? p.signal : msg.status?.signal, 100);
  const deviceTime = p ? p.time : typeof detail.time === 'number' && !detail.timeInvalid ? detail.time : NaN;
  const at = Number.isFinite(deviceTime) && deviceTime > 0 && deviceTime <= now + FUTURE_TOLERANCE_MS ? deviceTime : now;
  const extras: PositionAttributes = {};
  const statusWord = p ? p.extras.statusWord : msg.status?.raw;
  if (typeof statusWord === 'number') extras.statusWord = statusWord;
  if (p) extras.fix = p.valid;
  else if (typeof detail.locationSource === 'string') extras.locationSource = detail.locationSource as LocationSource; // the watch decoder's own word
  return { terminalPk, at, receivedAt: now, kind: msg.messageType.slice(0, 16), battery, steps, roll, signal, extras };
}
