import { describe, expect, it } from 'vitest';
import type { DeviceMessage } from '../model.ts';
import { encodeH02Command } from './commands.ts';
import { decodeH02 } from './decode.ts';
import { createH02Framer } from './framer.ts';
import {
  encodeH02Binary,
  encodeH02CommandReply,
  encodeH02Heartbeat,
  encodeH02Link,
  encodeH02Location,
  type H02LocationInput,
} from './terminal.ts';

const ID = '4210051415';

function decodeOne(frame: Buffer): DeviceMessage {
  const r = decodeH02(frame);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail}`);
  return r.value.messages[0];
}

const fix: H02LocationInput = {
  time: Date.UTC(2024, 4, 1, 12, 30, 45),
  lat: 22.543099,
  lon: 114.057868,
  valid: true,
  speedKmh: 55.56,
  course: 181,
  acc: true,
  alarms: ['sos'],
  cell: { mcc: 460, mnc: 0, lac: 10365, cellId: 8049 },
};

describe('H02 terminal encoders round-trip through the decoder', () => {
  it('V1 text location', () => {
    const m = decodeOne(encodeH02Location(ID, fix));
    expect(m.kind).toBe('location');
    const p = m.positions![0];
    expect(p).toMatchObject({ terminalId: ID, time: fix.time, valid: true, course: 181, acc: true, alarms: ['sos'] });
    expect(p.speedKmh).toBeCloseTo(55.56, 1);
    expect(p.lat).toBeCloseTo(fix.lat, 5);
    expect(p.lon).toBeCloseTo(fix.lon, 5);
    expect(p.extras).toMatchObject({ mcc: 460, mnc: 0 });
  });

  it('binary location', () => {
    const frame = encodeH02Binary(ID, { ...fix, lat: -12.5, lon: -77.25 });
    expect(frame.length).toBe(45);
    const p = decodeOne(frame).positions![0];
    expect(p).toMatchObject({ terminalId: ID, time: fix.time, valid: true, course: 181, acc: true, alarms: ['sos'] });
    expect(p.lat).toBeCloseTo(-12.5, 5);
    expect(p.lon).toBeCloseTo(-77.25, 5);
    expect(p.speedKmh).toBeCloseTo(55.56, 0);
  });

  it('heartbeat and LINK', () => {
    expect(decodeOne(encodeH02Heartbeat(ID, 77)).status?.batteryLevel).toBe(77);
    const link = decodeOne(encodeH02Link(ID, fix.time, { rssi: 20, satellites: 7, battery: 90, acc: true }));
    expect(link.status).toMatchObject({ signal: 20, satellites: 7, batteryLevel: 90, acc: true });
  });

  it('command and its V4 confirmation share a reply key', () => {
    const now = Date.UTC(2024, 4, 1, 13, 5, 9);
    const cmd = encodeH02Command(ID, { type: 'cutOil' }, 5, { now });
    if (!cmd.ok) throw new Error(cmd.error.detail);
    expect(cmd.value.frame.toString()).toBe(`*HQ,${ID},S20,130509,1,1#`);
    expect(decodeOne(cmd.value.frame).kind).toBe('serverCommand');
    const reply = decodeOne(encodeH02CommandReply(ID, 'S20', '130509', fix, 'DONE'));
    expect(reply.kind).toBe('commandReply');
    expect(reply.commandReply?.replyKey).toBe(cmd.value.replyKey);
    expect(reply.positions![0].time).toBe(fix.time);
  });
});

describe('H02 command encoder', () => {
  const now = Date.UTC(2024, 0, 1, 8, 0, 0);
  const sentence = (c: Parameters<typeof encodeH02Command>[1]) => {
    const r = encodeH02Command(ID, c, 1, { now });
    if (!r.ok) throw new Error(r.error.detail);
    return r.value.frame.toString();
  };

  it('writes the S20/S71/R1 commands', () => {
    expect(sentence({ type: 'restoreOil' })).toBe(`*HQ,${ID},S20,080000,1,0#`);
    expect(sentence({ type: 'setInterval', seconds: 30 })).toBe(`*HQ,${ID},S71,080000,22,30#`);
    expect(sentence({ type: 'reboot' })).toBe(`*HQ,${ID},R1,080000#`);
    expect(sentence({ type: 'custom', text: 'SCF,0,0' })).toBe(`*HQ,${ID},SCF,080000,0,0#`);
    expect(sentence({ type: 'custom', text: `*HQ,${ID},D1,080000,30,1#` })).toBe(`*HQ,${ID},D1,080000,30,1#`);
  });

  it('refuses what H02 cannot do, and commands without a time', () => {
    expect(encodeH02Command(ID, { type: 'locateNow' }, 1, { now })).toMatchObject({ ok: false, error: { code: 'unsupportedCommand' } });
    expect(encodeH02Command(ID, { type: 'text', text: '你好' }, 1, { now })).toMatchObject({ ok: false });
    expect(encodeH02Command(ID, { type: 'reboot' }, 1)).toMatchObject({ ok: false, error: { code: 'badCommand' } });
  });
});

describe('H02 framer', () => {
  it('learns the binary length and mixes binary with text', () => {
    const bin = encodeH02Binary(ID, fix);
    const txt = encodeH02Location(ID, fix);
    const stream = Buffer.concat([bin, txt, Buffer.from('\r\n'), bin, bin]);
    const framer = createH02Framer();
    const frames: Buffer[] = [];
    for (let i = 0; i < stream.length; i += 7) frames.push(...framer.push(stream.subarray(i, i + 7)).frames);
    expect(frames.map((f) => f.length)).toEqual([45, txt.length, 45, 45]);
    expect(framer.bufferedBytes).toBe(0);
  });

  it('frames a binary fix and the sentence after it however TCP cuts them', () => {
    // found by the gateway's variants test: 45 bytes and the first 3 of "*HQ," arriving together read
    // as one 48-byte frame, and the sentence was lost (a cut at 32 frames the fix short, as documented)
    const sentence = encodeH02Location(ID, fix);
    const stream = Buffer.concat([encodeH02Binary(ID, fix), sentence]);
    const wrong: string[] = [];
    for (let i = 1; i < stream.length; i++)
      for (let j = i; j < stream.length; j++) {
        const framer = createH02Framer();
        const frames = [stream.subarray(0, i), stream.subarray(i, j), stream.subarray(j)].flatMap((part) => framer.push(part).frames);
        if (frames.length !== 2 || !frames[1].equals(sentence)) wrong.push(`${i}/${j}: ${frames.map((f) => f.length).join(',')}`);
      }
    expect(wrong).toEqual([]);
  });
});
