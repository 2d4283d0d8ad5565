import { describe, expect, it } from 'vitest';
import { ALARM_TIP_OPEN_MS, alarmTipDecision, alarmTipFoldsIn } from './alarmTipRules.ts';

describe('alarm tip', () => {
  it('shows while alarms exist and sounds on a rise when the voice is on', () => {
    expect(alarmTipDecision({ previousTotal: 0, total: 2, voiceOn: true, dismissedAtTotal: null })).toEqual({ show: true, beep: true });
    expect(alarmTipDecision({ previousTotal: 2, total: 2, voiceOn: true, dismissedAtTotal: null })).toEqual({ show: true, beep: false });
  });
  it('stays silent when alarmVoiceOn is false', () => {
    expect(alarmTipDecision({ previousTotal: 0, total: 3, voiceOn: false, dismissedAtTotal: null })).toEqual({ show: true, beep: false });
  });
  it('hides with no alarms, and after a dismissal until the count rises again', () => {
    expect(alarmTipDecision({ previousTotal: 1, total: 0, voiceOn: true, dismissedAtTotal: null }).show).toBe(false);
    expect(alarmTipDecision({ previousTotal: 3, total: 3, voiceOn: true, dismissedAtTotal: 3 }).show).toBe(false);
    expect(alarmTipDecision({ previousTotal: 3, total: 4, voiceOn: true, dismissedAtTotal: 3 })).toEqual({ show: true, beep: true });
  });
});

describe('alarm tip folding into the header bell', () => {
  it('folds by itself ALARM_TIP_OPEN_MS after it opened', () => {
    expect(alarmTipFoldsIn({ openedAt: 1_000, now: 1_000, hovered: false })).toBe(ALARM_TIP_OPEN_MS);
    expect(alarmTipFoldsIn({ openedAt: 1_000, now: 6_000, hovered: false })).toBe(ALARM_TIP_OPEN_MS - 5_000);
    expect(alarmTipFoldsIn({ openedAt: 1_000, now: 1_000 + ALARM_TIP_OPEN_MS + 50, hovered: false })).toBe(0);
  });
  it('stays open while the pointer rests on it', () => {
    expect(alarmTipFoldsIn({ openedAt: 1_000, now: 1_000 + ALARM_TIP_OPEN_MS * 3, hovered: true })).toBeNull();
  });
});
