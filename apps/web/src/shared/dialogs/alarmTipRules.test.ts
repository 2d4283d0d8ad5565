import { describe, expect, it } from 'vitest';
import type { Alarm, AlarmControl } from '@chelian/contracts';
import { ALARM_TIP_OPEN_MS, alarmNewsOf, alarmTipFoldsIn, alarmTipRise } from './alarmTipRules.ts';
import { mergeNews } from './alarmNews.ts';

const alarm = (alarmId: number, type: string, alarmTime: number): Alarm => ({
  alarmId,
  terminalId: '869130000000001',
  vehicleId: 12,
  plate: '粤B12345',
  name: '',
  type,
  typeName: type,
  alarmTime,
  receivedAt: alarmTime,
  lat: 22.5,
  lon: 114.1,
  speed: 0,
  handled: false,
  handledBy: '',
  handledAt: null,
  handleNote: '',
  late: false,
});
const control = (alarmType: string, enabled: boolean, sound: boolean, popup: boolean): AlarmControl => ({
  alarmType,
  alarmName: alarmType,
  enabled,
  sound,
  popup,
});

describe('alarm tip on a rise of the count', () => {
  it('opens and sounds on a rise the feed did not explain (login, the fallback poll), sound by alarmVoiceOn', () => {
    expect(alarmTipRise({ previousTotal: 0, total: 2, voiceOn: true, news: null })).toEqual({ open: true, beep: true });
    expect(alarmTipRise({ previousTotal: 3, total: 4, voiceOn: false, news: null })).toEqual({ open: true, beep: false });
  });
  it('does nothing when the count stays or falls', () => {
    expect(alarmTipRise({ previousTotal: 2, total: 2, voiceOn: true, news: null })).toEqual({ open: false, beep: false });
    expect(alarmTipRise({ previousTotal: 3, total: 1, voiceOn: true, news: { latest: null, sound: true, popup: true } })).toEqual({
      open: false,
      beep: false,
    });
  });
  it('follows the types of the alarms behind the rise: 弹窗提醒 opens, 声音提醒 sounds (with alarmVoiceOn)', () => {
    const news = (sound: boolean, popup: boolean) => ({ latest: null, sound, popup });
    expect(alarmTipRise({ previousTotal: 1, total: 2, voiceOn: true, news: news(true, false) })).toEqual({ open: false, beep: true });
    expect(alarmTipRise({ previousTotal: 1, total: 2, voiceOn: true, news: news(false, true) })).toEqual({ open: true, beep: false });
    expect(alarmTipRise({ previousTotal: 1, total: 2, voiceOn: false, news: news(true, true) })).toEqual({ open: true, beep: false });
  });
});

describe('news of newly raised alarms', () => {
  it('names the newest alarm whose type pops up; a type without settings sounds and pops up', () => {
    const news = alarmNewsOf(
      [alarm(1, 'sos', 1_000), alarm(2, 'overspeed', 3_000), alarm(3, 'powerCut', 2_000)],
      [control('overspeed', true, true, false)],
    );
    expect(news).toEqual({ latest: expect.objectContaining({ alarmId: 3 }), sound: true, popup: true });
  });
  it('sounds without a pop-up when the types say so, and nothing for disabled types', () => {
    expect(alarmNewsOf([alarm(1, 'overspeed', 1_000)], [control('overspeed', true, true, false)])).toEqual({
      latest: null,
      sound: true,
      popup: false,
    });
    expect(alarmNewsOf([alarm(1, 'overspeed', 1_000)], [control('overspeed', false, true, true)])).toBeNull();
  });
  it('merges two batches before one recount: the newer alarm, either sound or pop-up', () => {
    const a = alarmNewsOf([alarm(1, 'sos', 5_000)], [control('sos', true, false, true)]);
    const b = alarmNewsOf([alarm(2, 'overspeed', 4_000)], [control('overspeed', true, true, false)]);
    expect(mergeNews(a, b)).toEqual({ latest: expect.objectContaining({ alarmId: 1 }), sound: true, popup: true });
    expect(mergeNews(null, b)).toBe(b);
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
