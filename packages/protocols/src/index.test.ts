import { describe, expect, it } from 'vitest';
import { ALARM_NAMES_ZH, ALARM_TYPES, PROTOCOL_NAMES, codecs, isAlarmType } from './index.ts';

describe('protocol registry', () => {
  it('has a codec per protocol, each with framer, decoder and command encoder', () => {
    expect(PROTOCOL_NAMES).toEqual(['jt808', 'gt06', 'h02', 'watch']);
    for (const name of PROTOCOL_NAMES) {
      const codec = codecs[name];
      expect(codec.name).toBe(name);
      expect(codec.createFramer().bufferedBytes).toBe(0);
      expect(codec.decode(Buffer.alloc(0))).toMatchObject({ ok: false, error: { code: 'empty' } });
      // Vehicle trackers cut the fuel; watches and badges have nothing to cut.
      if (name !== 'watch') expect(codec.supportedCommands).toContain('cutOil');
      expect(codec.supportedCommands).toContain('custom');
    }
    expect(codecs.watch.supportedCommands).toEqual(expect.arrayContaining(['listenIn', 'locateNow', 'setInterval', 'find', 'text']));
    expect(codecs.jt808.supportedCommands).toContain('text');
    expect(codecs.h02.supportedCommands).not.toContain('locateNow');
  });

  it('names every alarm in Chinese', () => {
    expect(ALARM_TYPES.length).toBeGreaterThan(30);
    for (const t of ALARM_TYPES) expect(ALARM_NAMES_ZH[t]).toMatch(/[\u4e00-\u9fff]/);
    expect(ALARM_NAMES_ZH.sos).toBe('紧急报警');
    expect(isAlarmType('powerCut')).toBe(true);
    expect(isAlarmType('toString')).toBe(false);
  });
});
