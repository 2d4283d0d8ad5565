import { describe, expect, it } from 'vitest';
import { H02_VECTORS } from '../fixtures/h02-vectors.ts';
import { decodeH02 } from './decode.ts';
import { KNOT_KMH } from './status.ts';

const text = (s: string) => Buffer.from(s, 'latin1');

function decodeOne(frame: Buffer, now?: number) {
  const r = decodeH02(frame, { now });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail}`);
  expect(r.value.messages).toHaveLength(1);
  return r.value.messages[0];
}

describe('H02 real frames, field by field', () => {
  for (const v of H02_VECTORS) {
    it(v.id, () => {
      const m = decodeOne(Buffer.from(v.hex, 'hex'));
      expect(m.terminalId).toBe(v.terminalId);
      if (v.type) expect(m.messageType).toBe(v.type);
      expect(m.kind).toBe('location');
      const p = m.positions![0];
      expect(p.terminalId).toBe(v.terminalId);
      expect(new Date(p.time).toISOString()).toBe(v.timeUtc);
      expect(p.valid).toBe(v.valid);
      // The sources round to 5 decimals.
      expect(Math.abs(p.lat - v.lat)).toBeLessThanOrEqual(1e-5);
      expect(Math.abs(p.lon - v.lon)).toBeLessThanOrEqual(1e-5);
      if (v.speedKnots !== undefined) expect(p.speedKmh).toBeCloseTo(v.speedKnots * KNOT_KMH, 6);
      if (v.course !== undefined) expect(p.course).toBe(v.course);
      if (v.status) expect(p.extras.status).toBe(parseInt(v.status, 16));
      if (v.mcc !== undefined) expect(p.extras.mcc).toBe(v.mcc);
      if (v.mnc !== undefined) expect(p.extras.mnc).toBe(v.mnc);
    });
  }
});

describe('H02 sentences beyond V1', () => {
  it('reads the status word into alarms and ACC (active-low bits)', () => {
    // 0xFFFFFBFD: bit 1 clear → SOS; bit 10 clear → ACC off.
    const m = decodeOne(text('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFD#'));
    expect(m.positions![0].alarms).toEqual(['sos']);
    expect(m.positions![0].acc).toBe(false);
    const on = decodeOne(text('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,010.00,090,221215,FFFFFFFF#'));
    expect(on.positions![0].acc).toBe(true);
    expect(on.positions![0].alarms).toEqual([]);
    expect(on.positions![0].speedKmh).toBeCloseTo(18.52, 6);
  });

  it('answers V1 with V4 when the caller passes the time, and HTBT with an echo', () => {
    const now = Date.UTC(2024, 0, 2, 3, 4, 5);
    const m = decodeOne(text('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#'), now);
    expect(m.reply?.toString()).toBe('*HQ,4210051415,V4,V1,20240102030405#');
    const hb = decodeOne(text('*HQ,355488020119695,HTBT,80#'));
    expect(hb.kind).toBe('heartbeat');
    expect(hb.status?.batteryLevel).toBe(80);
    expect(hb.reply?.toString()).toBe('*HQ,355488020119695,HTBT#');
  });

  it('reads a battery field before the date (Traccar sample)', () => {
    const m = decodeOne(text('*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#'));
    const p = m.positions![0];
    expect(new Date(p.time).toISOString()).toBe('2018-09-08T05:40:48.000Z');
    expect(p.extras.battery).toBe(4);
    expect(p.extras.status).toBe(0xeee7fbdf);
  });

  it('matches a V4 command confirmation to its command and time', () => {
    const m = decodeOne(text('*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#'));
    expect(m.kind).toBe('commandReply');
    expect(m.commandReply).toEqual({ replyKey: 'S20,130305', answered: 'S20', success: true, text: 'DONE,130305' });
    expect(m.positions![0].lat).toBeCloseTo(22.214575, 6);
    const failed = decodeOne(text('*TH,2020916012,V4,S20,ERROR,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#'));
    expect(failed.commandReply?.success).toBe(false);
  });

  it('reads LINK and NBR', () => {
    const link = decodeOne(text('*HQ,1600068860,LINK,112137,20,8,67,0,0,081116,FFFFFBFF#'));
    expect(link.kind).toBe('heartbeat');
    expect(link.status).toMatchObject({ signal: 20, satellites: 8, batteryLevel: 67, acc: false });
    expect(link.detail?.time).toBe(Date.UTC(2016, 10, 8, 11, 21, 37));
    const nbr = decodeOne(
      text('*HQ,1400046168,NBR,160169,460,0,1,4,9338,3692,150,9338,3691,145,9338,3690,140,9338,3692,139,180813,FFFFFBFF#'),
    );
    expect(nbr.kind).toBe('lbs');
    expect(nbr.cells).toHaveLength(4);
    expect(nbr.cells![0]).toEqual({ mcc: 460, mnc: 0, lac: 9338, cellId: 3692, rssi: 150 });
    expect(nbr.status?.raw).toBe(0xfffffbff);
  });

  it('keeps an alarm that comes without a fix', () => {
    const m = decodeOne(text('*HQ,353505510948929,V1,,V,,N,,E,0.00,0,,FFFFFFFD,f0,a,11a0,c0c6#'));
    expect(m.positions).toBeUndefined();
    expect(m.status?.alarms).toEqual(['sos']);
  });

  it('decodes the 42-byte binary form with an 8-byte id', () => {
    const m = decodeOne(Buffer.from('2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC', 'hex'));
    expect(m.terminalId).toBe('352483084193293');
    const p = m.positions![0];
    expect(new Date(p.time).toISOString()).toBe('2017-08-18T10:47:59.000Z');
    expect(p.lat).toBeCloseTo(26 + 27.3359 / 60, 6);
    expect(p.lon).toBeCloseTo(74 + 41.2294 / 60, 6);
    expect(p.speedKmh).toBeCloseTo(24 * KNOT_KMH, 6);
    expect(p.course).toBe(138);
  });

  it('decodes server commands for the simulator', () => {
    const m = decodeOne(text('*HQ,4210051415,S20,130305,1,1#'));
    expect(m.kind).toBe('serverCommand');
    expect(m.detail).toEqual({ command: 'S20', params: ['130305', '1', '1'] });
  });
});
