import { describe, expect, it } from 'vitest';
import type { Alarm, AlarmControl } from '@chelian/contracts';
import {
  ALARM_TIP_LEAVE_MS,
  ALARM_TIP_OPEN_MS,
  TIP_REPEAT_MS,
  alarmNewsOf,
  alarmTipFoldsIn,
  alarmTipRise,
  tipThrottle,
} from './alarmTipRules.ts';
import { mergeNews } from './alarmNews.ts';

const alarm = (alarmId: number, type: Alarm['type'], alarmTime: number, vehicleId = 12): Alarm => ({
  alarmId,
  terminalId: '869130000000001',
  vehicleId,
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
const control = (alarmType: AlarmControl['alarmType'], enabled: boolean, sound: boolean, popup: boolean): AlarmControl => ({
  alarmType,
  alarmName: alarmType,
  enabled,
  sound,
  popup,
});

const quiet = { latest: null, latestTypes: [], sound: false, popup: false, urgent: false };
const newsOf = (...args: Parameters<typeof alarmNewsOf>) => alarmNewsOf(...args).news;

describe('alarm tip on a rise of the count', () => {
  it('opens and sounds on a rise the feed did not explain (login, the fallback poll), sound by alarmVoiceOn', () => {
    expect(alarmTipRise({ previousTotal: 0, total: 2, voiceOn: true, news: null })).toEqual({ open: true, beep: true });
    expect(alarmTipRise({ previousTotal: 3, total: 4, voiceOn: false, news: null })).toEqual({ open: true, beep: false });
  });
  it('does nothing when the count stays or falls', () => {
    expect(alarmTipRise({ previousTotal: 2, total: 2, voiceOn: true, news: null })).toEqual({ open: false, beep: false });
    expect(alarmTipRise({ previousTotal: 3, total: 1, voiceOn: true, news: { ...quiet, sound: true, popup: true } })).toEqual({
      open: false,
      beep: false,
    });
  });
  it('follows the types of the alarms behind the rise: 弹窗提醒 opens, 声音提醒 sounds (with alarmVoiceOn)', () => {
    const news = (sound: boolean, popup: boolean, urgent = false) => ({ ...quiet, sound, popup, urgent });
    expect(alarmTipRise({ previousTotal: 1, total: 2, voiceOn: true, news: news(true, false) })).toEqual({ open: false, beep: true });
    expect(alarmTipRise({ previousTotal: 1, total: 2, voiceOn: true, news: news(false, true) })).toEqual({ open: true, beep: false });
    expect(alarmTipRise({ previousTotal: 1, total: 2, voiceOn: false, news: news(true, true) })).toEqual({ open: true, beep: false });
    // An urgent type sounds even with the bell's sound off.
    expect(alarmTipRise({ previousTotal: 1, total: 2, voiceOn: false, news: news(true, true, true) })).toEqual({ open: true, beep: true });
  });
});

describe('news of newly raised alarms', () => {
  it('names the newest alarm whose type pops up; a type without settings sounds and pops up', () => {
    const news = newsOf(
      [alarm(1, 'sos', 1_000), alarm(2, 'overspeed', 3_000), alarm(3, 'powerCut', 2_000)],
      [control('overspeed', true, true, false)],
    );
    expect(news).toEqual({
      latest: expect.objectContaining({ alarmId: 3 }),
      latestTypes: ['powerCut', 'sos'],
      sound: true,
      popup: true,
      urgent: true,
    });
  });
  it('sounds without a pop-up when the types say so, and nothing for disabled types', () => {
    expect(newsOf([alarm(1, 'overspeed', 1_000)], [control('overspeed', true, true, false)])).toEqual({ ...quiet, sound: true });
    expect(newsOf([alarm(1, 'overspeed', 1_000)], [control('overspeed', false, true, true)])).toBeNull();
  });
  it('groups by asset: the newest alarm is named with the other types its asset raised, not another asset’s', () => {
    const news = newsOf([alarm(1, 'platformOverspeed', 1_000), alarm(2, 'geofenceExit', 2_000, 13), alarm(3, 'lowBattery', 3_000)], []);
    expect(news).toMatchObject({ latest: expect.objectContaining({ alarmId: 3 }), latestTypes: ['lowBattery', 'platformOverspeed'] });
  });
  it('merges two batches before one recount: the newer alarm, either sound or pop-up', () => {
    const a = newsOf([alarm(1, 'overspeed', 5_000)], [control('overspeed', true, false, true)]);
    const b = newsOf([alarm(2, 'lowBattery', 4_000)], [control('lowBattery', true, true, false)]);
    expect(mergeNews(a, b)).toEqual({
      latest: expect.objectContaining({ alarmId: 1 }),
      latestTypes: ['overspeed'],
      sound: true,
      popup: true,
      urgent: false,
    });
    expect(mergeNews(null, b)).toBe(b);
  });
});

describe('the tip’s throttle: once a minute per asset and type, urgent types always', () => {
  const T0 = 1_000_000;
  it('passes an asset and type once per TIP_REPEAT_MS; another asset or type is its own', () => {
    const first = tipThrottle(
      [alarm(1, 'overspeed', 1), alarm(2, 'overspeed', 2), alarm(3, 'overspeed', 3, 13), alarm(4, 'lowBattery', 4)],
      new Map(),
      T0,
    );
    expect(first.passed.map((a) => a.alarmId)).toEqual([1, 3, 4]);
    const soon = tipThrottle([alarm(5, 'overspeed', 5), alarm(6, 'fatigue', 6)], first.memory, T0 + TIP_REPEAT_MS - 1);
    expect(soon.passed.map((a) => a.alarmId)).toEqual([6]);
    const later = tipThrottle([alarm(7, 'overspeed', 7)], soon.memory, T0 + TIP_REPEAT_MS);
    expect(later.passed.map((a) => a.alarmId)).toEqual([7]);
  });
  it('always passes SOS, 断电 and 新国标’s battery over-temperature (fire risk)', () => {
    const memory = new Map<string, number>();
    const one = tipThrottle([alarm(1, 'sos', 1), alarm(2, 'sos', 2), alarm(3, 'powerCut', 3), alarm(4, 'batteryOverTemp', 4)], memory, T0);
    expect(one.passed.map((a) => a.alarmId)).toEqual([1, 2, 3, 4]);
    expect(tipThrottle([alarm(5, 'sos', 5)], one.memory, T0 + 1).passed.map((a) => a.alarmId)).toEqual([5]);
  });
  it('keeps a throttled alarm from opening the tip or sounding: a speeding vehicle pops once a minute', () => {
    const controls = [control('platformOverspeed', true, true, true)];
    const first = alarmNewsOf([alarm(1, 'platformOverspeed', 1)], controls, new Map(), T0);
    expect(first.news).toMatchObject({ popup: true, sound: true });
    const again = alarmNewsOf([alarm(2, 'platformOverspeed', 2)], controls, first.memory, T0 + 30_000);
    expect(again.news).toEqual(quiet);
    expect(alarmTipRise({ previousTotal: 1, total: 2, voiceOn: true, news: again.news })).toEqual({ open: false, beep: false });
    // An urgent one pops with sound, even with pop-up and sound turned off for it in 报警设置.
    const sos = alarmNewsOf([alarm(3, 'sos', 3)], [control('sos', true, false, false)], again.memory, T0 + 31_000);
    expect(sos.news).toMatchObject({ popup: true, sound: true, urgent: true });
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
  it('is gone within seconds: 8 s after it popped, 2 s after the pointer left it', () => {
    expect(ALARM_TIP_OPEN_MS).toBeLessThanOrEqual(10_000);
    expect(alarmTipFoldsIn({ openedAt: 1_000, now: 1_500, hovered: false, stay: ALARM_TIP_LEAVE_MS })).toBe(ALARM_TIP_LEAVE_MS - 500);
  });
  it('keeps an urgent alarm open until it is acknowledged', () => {
    expect(alarmTipFoldsIn({ openedAt: 1_000, now: 1_000 + ALARM_TIP_OPEN_MS * 10, hovered: false, urgent: true })).toBeNull();
  });
});
