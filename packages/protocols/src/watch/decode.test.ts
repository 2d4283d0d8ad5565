import { describe, expect, it } from 'vitest';
import { WATCH_VECTORS } from '../fixtures/watch-vectors.ts';
import { decodeWatch } from './decode.ts';

const frame = (s: string) => Buffer.from(s, 'latin1');

function decodeOne(text: string | Buffer, now?: number) {
  const r = decodeWatch(typeof text === 'string' ? frame(text) : text, { now });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail}`);
  expect(r.value.messages).toHaveLength(1);
  return { frame: r.value, m: r.value.messages[0] };
}

describe('watch real frames, field by field', () => {
  for (const v of WATCH_VECTORS) {
    it(v.id, () => {
      const { frame: f, m } = decodeOne(v.text, 1_700_000_000_000);
      expect(f.protocol).toBe('watch');
      expect(m.terminalId).toBe(v.terminalId);
      expect(m.messageType).toBe(v.type);
      expect(m.kind).toBe(v.kind);
      expect(m.encodeHints).toEqual({ maker: v.maker, indexed: v.index !== undefined });
      if (v.lengthValid !== undefined) expect(f.lengthValid).toBe(v.lengthValid);
      expect(m.reply?.toString('latin1')).toBe(v.reply);
      const p = m.positions?.[0];
      if (v.lat !== undefined) {
        expect(p).toBeDefined();
        expect(new Date(p!.time).toISOString()).toBe(v.timeUtc);
        expect(p!.valid).toBe(v.valid);
        expect(p!.lat).toBeCloseTo(v.lat, 7);
        expect(p!.lon).toBeCloseTo(v.lon!, 7);
        if (v.speedKmh !== undefined) expect(p!.speedKmh).toBeCloseTo(v.speedKmh, 6);
        if (v.course !== undefined) expect(p!.course).toBeCloseTo(v.course, 6);
        if (v.altitude !== undefined) expect(p!.altitude).toBeCloseTo(v.altitude, 6);
        if (v.satellites !== undefined) expect(p!.satellites).toBe(v.satellites);
        if (v.signal !== undefined) expect(p!.signal).toBe(v.signal);
        if (v.battery !== undefined) expect(p!.extras.battery).toBe(v.battery);
        if (v.steps !== undefined) expect(p!.extras.steps).toBe(v.steps);
        if (v.statusWord !== undefined) expect(p!.extras.statusWord).toBe(v.statusWord);
        if (v.alarms) expect(p!.alarms).toEqual(v.alarms);
        if (v.locationSource) expect(p!.extras.locationSource).toBe(v.locationSource);
      } else if (v.kind === 'lbs' || v.kind === 'alarm') {
        // No fix and no coordinates: no position made up, the rest kept.
        expect(p).toBeUndefined();
        if (v.battery !== undefined) expect(m.status?.batteryLevel).toBe(v.battery);
        if (v.signal !== undefined) expect(m.status?.signal).toBe(v.signal);
        if (v.alarms) expect(m.status?.alarms).toEqual(v.alarms);
        if (v.statusWord !== undefined) expect(m.status?.raw).toBe(v.statusWord);
        if (v.steps !== undefined) expect(m.detail?.steps).toBe(v.steps);
        if (v.locationSource) expect(m.detail?.locationSource).toBe(v.locationSource);
      }
      if (v.cells !== undefined) expect(m.cells?.length ?? 0).toBe(v.cells);
      if (v.firstCell) expect(m.cells![0]).toEqual(v.firstCell);
      if (v.wifi !== undefined) expect((m.detail?.wifi as unknown[] | undefined)?.length ?? 0).toBe(v.wifi);
      if (v.kind === 'heartbeat') {
        if (v.battery !== undefined) expect(m.status?.batteryLevel).toBe(v.battery);
        if (v.steps !== undefined) expect(m.detail?.steps).toBe(v.steps);
      }
      if (v.kind === 'commandReply') expect(m.commandReply).toMatchObject({ replyKey: v.type, success: true });
    });
  }
});

describe('watch frames beyond the position reports', () => {
  it('reads the Wi-Fi list with names and MACs', () => {
    const v = WATCH_VECTORS.find((x) => x.id === 'watch-ud-lte-wifi-traccar')!;
    const { m } = decodeOne(v.text);
    expect(m.detail?.wifi).toEqual([
      { name: 'ES4104', mac: '22:74:1d:39:64:ff', rssi: -46 },
      { name: 'metropoline-wifi', mac: 'a8:3f:a1:e0:66:ba', rssi: -89 },
      { name: 'Egged.co.il', mac: '00:0c:42:51:cf:cd', rssi: -81 },
    ]);
    expect(m.positions![0].extras).toMatchObject({ wifiCount: 3, accuracy: 1.7055488 });
  });

  it('marks a blind-area backfill (UD2)', () => {
    const { m } = decodeOne(WATCH_VECTORS[0].text);
    expect(m.positions![0].extras.blindArea).toBe(true);
  });

  it('reads every alarm bit of the status word (4P-Touch appendix I)', () => {
    const word = (w: string) =>
      decodeOne(`[3G*8800000015*0050*UD,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,${w},0,1,0,0]`).m
        .positions![0];
    expect(word('00010000').alarms).toEqual(['sos']);
    expect(word('00020000').alarms).toEqual(['lowBattery']);
    expect(word('00040000').alarms).toEqual(['geofenceExit']);
    expect(word('00080000').alarms).toEqual(['geofenceEnter']);
    expect(word('00100000').alarms).toEqual(['wearRemoved']);
    expect(word('00200000').alarms).toEqual(['fallDown']);
    expect(word('00400000').alarms).toEqual(['heartRateAbnormal']);
    expect(word('00000001').alarms).toEqual(['lowBattery']);
    expect(word('00000008')).toMatchObject({ alarms: [], extras: { worn: true } });
    expect(word('00000000').extras.worn).toBe(false);
  });

  it('answers CONFIG, INIT, TKQ and the health readings the document asks answered', () => {
    const config = decodeOne('[3G*8800000015*001B*CONFIG,TY:G75,UL:600,SY:1,CM:1]').m;
    expect(config.detail?.config).toEqual({ TY: 'G75', UL: '600', SY: '1', CM: '1' });
    expect(config.reply?.toString()).toBe('[3G*8800000015*0008*CONFIG,1]');
    expect(decodeOne('[3G*8800000015*0004*INIT]').m.reply?.toString()).toBe('[3G*8800000015*0006*INIT,1]');
    expect(decodeOne('[3G*8800000015*0003*TKQ]').m.reply?.toString()).toBe('[3G*8800000015*0003*TKQ]');
    const bp = decodeOne('[3G*4700609403*0013*bphrt,120,79,73,,,,]').m; // Traccar's test
    expect(bp.detail).toEqual({ pressureHigh: 120, pressureLow: 79, heartRate: 73 });
    expect(bp.reply?.toString()).toBe('[3G*4700609403*0005*bphrt]');
    expect(decodeOne('[3G*6005412902*0008*heart,71]').m.detail).toEqual({ heartRate: 71 }); // Traccar's test
    expect(decodeOne('[ZJ*357653059860416*0007*000c*BLOOD,109,68]').m.detail).toEqual({ pressureHigh: 109, pressureLow: 68 });
    expect(decodeOne('[3G*2104326058*000E*btemp2,1,35.29]').m.detail).toEqual({ temperature: 35.29 });
    expect(decodeOne('[3G*2104326058*000A*oxygen,0,98]').m.reply?.toString()).toBe('[3G*2104326058*0008*oxygen,1]');
  });

  it('unescapes }-escaped bytes inside a frame', () => {
    // A command reply whose value holds ',' '*' ']' '[' and '}' escaped.
    const raw = Buffer.concat([
      frame('[3G*8800000015*000E*VERNO,a'),
      Buffer.from([0x7d, 0x04, 0x7d, 0x05, 0x7d, 0x03, 0x7d, 0x02, 0x7d, 0x01]),
      frame('b]'),
    ]);
    const { m } = decodeOne(raw);
    expect(m.kind).toBe('commandReply');
    // As in Traccar, the frame is unescaped before it is split: an escaped ',' separates too.
    expect(m.detail).toEqual({ command: 'VERNO', params: ['a', '*][}b'] });
    const bad = decodeWatch(Buffer.concat([frame('[3G*8800000015*0004*TK,'), Buffer.from([0x7d, 0x09]), frame(']')]));
    expect(bad).toMatchObject({ ok: false, error: { code: 'badFrame' } });
  });

  it('keeps a report with a broken date, stamped with the time it arrived', () => {
    const now = Date.UTC(2026, 10, 26, 1, 2, 3);
    const { m } = decodeOne('[3G*8800000015*0050*UD,000000,000000,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,0,0,1]', now);
    expect(m.positions![0]).toMatchObject({ time: now, extras: { timeInvalid: true } });
  });

  it('refuses what is no watch frame, and a wrong LEN only under the reject policy', () => {
    expect(decodeWatch(Buffer.alloc(0))).toMatchObject({ ok: false, error: { code: 'empty' } });
    expect(decodeWatch(frame('*HQ,123,V1#'))).toMatchObject({ ok: false, error: { code: 'badFrame' } });
    expect(decodeWatch(frame('[3G*8800000015*LK]'))).toMatchObject({ ok: false, error: { code: 'badFrame' } });
    expect(decodeWatch(frame('[SG*9081000548*0009*LK,0,100]'), { checksumPolicy: 'reject' })).toMatchObject({
      ok: false,
      error: { code: 'badLength' },
    });
  });
});
