import { describe, expect, it } from 'vitest';
import { TRACK_FLAG, decodeTrack, encodeTrackEnd, encodeTrackFrame, encodeTrackHeader, type TrackHead, type TrackWindow } from './track.ts';

const head: TrackHead = {
  terminalId: '013870000001',
  vehicleId: 7,
  plate: '粤B70001',
  start: 1_777_593_600_000,
  end: 1_777_597_200_000,
  base: 1_777_593_600,
};

const window = (rows: Array<[number, number, number, number, number, number, number]>): TrackWindow => ({
  length: rows.length,
  seconds: Int32Array.from(rows, (r) => r[0]),
  lon: Int32Array.from(rows, (r) => r[1]),
  lat: Int32Array.from(rows, (r) => r[2]),
  mileage: Int32Array.from(rows, (r) => r[3]),
  speed: Int16Array.from(rows, (r) => r[4]),
  course: Int16Array.from(rows, (r) => r[5]),
  flags: Uint8Array.from(rows, (r) => r[6]),
});

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('track.bin codec', () => {
  const a = window([
    [0, 113_930_000, 22_530_000, 123_450, 455, 80, TRACK_FLAG.valid | TRACK_FLAG.accKnown | TRACK_FLAG.accOn],
    [10, 113_934_000, 22_531_000, -1, 0, 359, TRACK_FLAG.valid | TRACK_FLAG.accKnown],
    [20, -73_985_428, -40_748_817, 123_460, 1304, 0, TRACK_FLAG.alarm],
  ]);
  const b = window([[3600, 180_000_000, 90_000_000, 2_000_000_000, 32_767, 90, 0]]);

  it('decodes exactly what was encoded, across frames, with deltas restarting in each frame', () => {
    const body = concat(encodeTrackHeader(head), encodeTrackFrame(a), encodeTrackFrame(b), encodeTrackEnd(4));
    const result = decodeTrack(body.slice().buffer);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const t = result.track;
    expect(t).toMatchObject({
      terminalId: '013870000001',
      vehicleId: 7,
      plate: '粤B70001',
      start: head.start,
      end: head.end,
      base: head.base,
      length: 4,
    });
    expect(Array.from(t.time)).toEqual([0, 10, 20, 3600].map((s) => (head.base + s) * 1000));
    expect(Array.from(t.lon)).toEqual([113.93, 113.934, -73.985428, 180]);
    expect(Array.from(t.lat)).toEqual([22.53, 22.531, -40.748817, 90]);
    expect(Array.from(t.mileage)).toEqual([12345, NaN, 12346, 200_000_000]);
    expect(Array.from(t.speed)).toEqual([45.5, 0, 130.4, 3276.7]);
    expect(Array.from(t.course)).toEqual([80, 359, 0, 90]);
    expect(Array.from(t.flags)).toEqual([7, 3, 8, 0]);
  });

  it('decodes an empty track, and from a view that does not start its buffer', () => {
    const body = concat(new Uint8Array(3), encodeTrackHeader(head), encodeTrackEnd(0));
    const result = decodeTrack(body.subarray(3));
    expect(result).toMatchObject({ ok: true, track: { length: 0, plate: '粤B70001' } });
  });

  it('says why a body is unusable instead of throwing', () => {
    const whole = concat(encodeTrackHeader(head), encodeTrackFrame(a), encodeTrackEnd(3));
    expect(decodeTrack(whole.subarray(0, whole.length - 8))).toEqual({ ok: false, reason: 'truncated' });
    expect(decodeTrack(whole.subarray(0, 30))).toEqual({ ok: false, reason: 'truncated' });
    expect(decodeTrack(concat(encodeTrackHeader(head), encodeTrackFrame(a), encodeTrackEnd(9)))).toEqual({ ok: false, reason: 'format' });
    expect(decodeTrack(new TextEncoder().encode('{"flag":0,"msg":"x"}'))).toEqual({ ok: false, reason: 'format' });
    expect(decodeTrack(new Uint8Array(0))).toEqual({ ok: false, reason: 'format' });
  });
});
