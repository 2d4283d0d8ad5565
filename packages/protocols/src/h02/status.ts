/**
 * The H02 status word (8 hex digits, active-low bits), read as Traccar reads it — the
 * behaviour fleets of these devices have been run against: bit 0 clear vibration (theft),
 * bit 1 or 18 clear SOS, bit 2 clear overspeed, bit 19 clear power cut; bit 10 set is ACC on.
 */
import { NO_ALARMS, type AlarmType } from '../alarms.ts';

/** The status bits that mean an alarm when clear. */
const ALARM_BITS = 0x01 | 0x02 | 0x04 | 0x40000 | 0x80000;

export function h02Alarms(status: number): AlarmType[] {
  if ((status & ALARM_BITS) === ALARM_BITS) return NO_ALARMS;
  const alarms: AlarmType[] = [];
  if ((status & 0x01) === 0) alarms.push('vibration');
  if ((status & 0x02) === 0 || (status & 0x40000) === 0) alarms.push('sos');
  if ((status & 0x04) === 0) alarms.push('overspeed');
  if ((status & 0x80000) === 0) alarms.push('powerCut');
  return alarms;
}

export function h02Acc(status: number): boolean {
  return (status & 0x400) !== 0;
}

/** A status word with the given alarms and ACC (inverse of the readers, for encoders). */
export function h02StatusWord(alarms: readonly AlarmType[], acc: boolean): number {
  let word = 0xffffffff;
  if (alarms.includes('vibration')) word &= ~0x01;
  if (alarms.includes('sos')) word &= ~0x02;
  if (alarms.includes('overspeed')) word &= ~0x04;
  if (alarms.includes('powerCut')) word &= ~0x80000;
  if (!acc) word &= ~0x400;
  return word >>> 0;
}

export const KNOT_KMH = 1.852;
