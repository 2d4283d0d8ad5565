import { describe, expect, it } from 'vitest';
import { CITIES, cityByName } from './cities.ts';
import { planTerminals, plateFor, statusLine, terminalIdentifier } from './fleet.ts';

function luhnValid(imei: string): boolean {
  let sum = 0;
  for (let i = 0; i < imei.length; i++) {
    let d = Number(imei[imei.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

describe('fleet plan', () => {
  it('gives JT/T 808 terminals 12-digit phones and GT06/H02 terminals valid 15-digit IMEIs', () => {
    expect(terminalIdentifier('jt808', 7, 42)).toBe('014070000042');
    for (const protocol of ['gt06', 'h02'] as const) {
      const imei = terminalIdentifier(protocol, 7, 42);
      expect(imei).toMatch(/^86\d{13}$/);
      expect(luhnValid(imei)).toBe(true);
    }
    expect(terminalIdentifier('gt06', 7, 42)).not.toBe(terminalIdentifier('h02', 7, 42));
  });

  it('is the same for the same seed: protocols in turn, cities in turn, distinct identifiers and plates', () => {
    const plan = planTerminals({ count: 3000, protocol: 'mixed', seed: 5 });
    expect(planTerminals({ count: 3000, protocol: 'mixed', seed: 5 })).toEqual(plan);
    expect(plan.slice(0, 3).map((s) => s.protocol)).toEqual(['jt808', 'gt06', 'h02']);
    expect(new Set(plan.map((s) => s.id)).size).toBe(3000);
    expect(new Set(plan.map((s) => s.plate)).size).toBe(3000);
    expect(new Set(plan.map((s) => s.city.name)).size).toBe(CITIES.length);
    expect(plan[3].plate).toMatch(/^[京沪粤浙川鄂陕苏渝][AB]\d{5}$/);
  });

  it('uses the city plate prefix', () => {
    expect(plateFor(cityByName('深圳')!, 0, 1)).toMatch(/^粤B\d{5}$/);
    expect(plateFor(cityByName('北京市')!, 0, 1)).toMatch(/^京A\d{5}$/);
  });

  it('sums up in one Chinese line', () => {
    const line = statusLine({
      count: 3,
      online: 2,
      sent: 10,
      acked: 7,
      pending: 1,
      backlog: 0,
      connects: 4,
      reconnects: 1,
      commands: 0,
      dropped: 0,
    });
    expect(line).toBe('模拟终端 3 台：在线 2，已发送定位 10，已确认 7，待确认 1，离线积压 0，重连 1，收到指令 0');
  });
});
