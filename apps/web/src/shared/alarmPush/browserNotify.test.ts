import { describe, expect, it } from 'vitest';
import type { BrowserNotice } from '@chelian/contracts';
import { noticeTexts } from './browserNotify.ts';

const notice = (alarmId: number, extra: Partial<BrowserNotice> = {}): BrowserNotice => ({
  deliveryId: alarmId * 10,
  alarmId,
  terminalId: '013912345678',
  vehicleId: 1,
  plate: `粤B${alarmId}`,
  name: '',
  type: 'sos',
  typeName: '紧急报警',
  alarmTime: Date.UTC(2026, 2, 1, 2, 0, alarmId),
  speed: 36,
  ...extra,
});

describe('browser notification texts', () => {
  it('one per alarm, oldest first (the server lists newest first), tagged by alarm, at its Beijing time', () => {
    const texts = noticeTexts([notice(2), notice(1)]);
    expect(texts.map((t) => t.title)).toEqual(['粤B1 紧急报警', '粤B2 紧急报警']);
    expect(texts[0]).toEqual({ title: '粤B1 紧急报警', body: '报警时间 2026-03-01 10:00:01，速度 36 km/h', tag: 'chelian-alarm-1' });
  });

  it('names the terminal when there is no plate, and leaves out an unknown speed', () => {
    const [t] = noticeTexts([notice(3, { plate: '', speed: null })]);
    expect(t.title).toBe('013912345678 紧急报警');
    expect(t.body).not.toContain('速度');
  });

  it('a burst becomes a few notifications and one summary', () => {
    const texts = noticeTexts(
      [5, 4, 3, 2, 1].map((i) => notice(i)),
      3,
    );
    expect(texts.map((t) => t.title)).toEqual(['粤B1 紧急报警', '粤B2 紧急报警', '另有 3 条报警']);
    expect(texts[2].tag).toBe('chelian-alarm-more');
  });
});
