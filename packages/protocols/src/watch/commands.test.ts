import { describe, expect, it } from 'vitest';
import { decodeWatch } from './decode.ts';
import { encodeWatchCommand } from './commands.ts';
import { createWatchFramer } from './framer.ts';
import { encodeWatchCommandReply, encodeWatchLink, encodeWatchReport } from './terminal.ts';
import type { TerminalCommand } from '../model.ts';

const ID = '8800000015';

function encoded(command: TerminalCommand, ctx = {}) {
  const r = encodeWatchCommand(ID, command, 7, ctx);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail}`);
  return r.value;
}

describe('watch commands', () => {
  // The 4P-Touch document's examples, in the maker code the terminal used.
  it.each<[TerminalCommand, string, string]>([
    [{ type: 'locateNow' }, '[3G*8800000015*0002*CR]', 'CR'],
    [{ type: 'setInterval', seconds: 600 }, '[3G*8800000015*000A*UPLOAD,600]', 'UPLOAD'],
    [{ type: 'listenIn', phone: '13100010002' }, '[3G*8800000015*0013*MONITOR,13100010002]', 'MONITOR'],
    [{ type: 'centerNumber', phone: '00000000000' }, '[3G*8800000015*0012*CENTER,00000000000]', 'CENTER'],
    [{ type: 'sosNumber', index: 1, phone: '00000000000' }, '[3G*8800000015*0010*SOS1,00000000000]', 'SOS1'],
    [
      { type: 'sosNumbers', phones: ['00000000000', '00000000000', '00000000000'] },
      '[3G*8800000015*0027*SOS,00000000000,00000000000,00000000000]',
      'SOS',
    ],
    [{ type: 'find' }, '[3G*8800000015*0004*FIND]', 'FIND'],
    [{ type: 'reboot' }, '[3G*8800000015*0005*RESET]', 'RESET'],
    [{ type: 'powerOff' }, '[3G*8800000015*0008*POWEROFF]', 'POWEROFF'],
    [{ type: 'removeAlarm', enable: true }, '[3G*8800000015*0008*REMOVE,1]', 'REMOVE'],
    [{ type: 'fallAlarm', enable: true }, '[3G*8800000015*000C*FALLDOWN,1,1]', 'FALLDOWN'],
    [
      { type: 'silenceTime', periods: ['21:10-7:30', '08:00-12:00'] },
      '[3G*8800000015*0022*SILENCETIME,21:10-7:30,08:00-12:00]',
      'SILENCETIME',
    ],
    // "11a" as UTF-16BE hex, the document's own example.
    [{ type: 'text', text: '11a' }, '[3G*8800000015*0014*MESSAGE,003100310061]', 'MESSAGE'],
  ])('%j → %s', (command, frame, key) => {
    const e = encoded(command, { maker: '3G' });
    expect(e.frame.toString()).toBe(frame);
    expect(e.replyKey).toBe(key);
    // The watch's echo of the keyword matches the command.
    const answer = decodeWatch(encodeWatchCommandReply(ID, key));
    expect(answer.ok && answer.value.messages[0].commandReply?.replyKey).toBe(key);
  });

  it('writes Chinese text as UTF-16BE, defaults to SG, and numbers frames for indexed terminals', () => {
    expect(encoded({ type: 'text', text: '你好' }).frame.toString()).toBe('[SG*8800000015*0010*MESSAGE,4f60597d]');
    expect(encoded({ type: 'locateNow' }, { maker: 'ZJ', indexed: true }).frame.toString()).toBe('[ZJ*8800000015*0001*0002*CR]');
  });

  it('refuses what the watch cannot take, in words, never throwing', () => {
    const no = (c: TerminalCommand) => encodeWatchCommand(ID, c, 1);
    expect(no({ type: 'cutOil' })).toMatchObject({ ok: false, error: { code: 'unsupportedCommand' } });
    expect(no({ type: 'setInterval', seconds: 70_000 })).toMatchObject({ ok: false, error: { code: 'badCommand' } });
    expect(no({ type: 'listenIn', phone: '12ab' })).toMatchObject({ ok: false, error: { code: 'badCommand' } });
    expect(no({ type: 'sosNumber', index: 4, phone: '13800138000' })).toMatchObject({ ok: false, error: { code: 'badCommand' } });
    expect(no({ type: 'silenceTime', periods: ['25:00-26:00'] })).toMatchObject({ ok: false, error: { code: 'badCommand' } });
    expect(encodeWatchCommand('abc', { type: 'find' }, 1)).toMatchObject({ ok: false, error: { code: 'badCommand' } });
  });

  it('sends a custom text command as content, or a whole frame as written', () => {
    expect(encoded({ type: 'custom', text: 'hrtstart,1' })).toMatchObject({ replyKey: 'HRTSTART' });
    expect(encoded({ type: 'custom', text: 'hrtstart,1' }).frame.toString()).toBe('[SG*8800000015*000A*hrtstart,1]');
    expect(encoded({ type: 'custom', text: '[3G*8800000015*0005*VERNO]' })).toMatchObject({ replyKey: 'VERNO' });
  });
});

describe('watch terminal frames round-trip through the framer and decoder', () => {
  it('reads back a report, a heartbeat and an alarm split over odd chunks', () => {
    const time = Date.UTC(2026, 10, 26, 1, 2, 3);
    const stream = Buffer.concat([
      encodeWatchLink(ID, { steps: 1200, tumbles: 3, battery: 88 }),
      encodeWatchReport(ID, 'UD', {
        time,
        lat: 22.5431,
        lon: 114.0579,
        valid: true,
        speedKmh: 4.5,
        course: 90,
        satellites: 9,
        battery: 88,
        steps: 1200,
        worn: true,
        cells: [{ mcc: 460, mnc: 0, lac: 9360, cellId: 4082, rssi: 140 }],
        wifi: [{ name: 'a,b]', mac: '1c:fa:68:13:a5:b4', rssi: -61 }],
      }),
      encodeWatchReport(ID, 'AL', { time, lat: 0, lon: 0, valid: false, alarms: ['sos', 'fallDown'] }),
    ]);
    const framer = createWatchFramer();
    const frames: Buffer[] = [];
    for (let i = 0; i < stream.length; i += 7) frames.push(...framer.push(stream.subarray(i, i + 7)).frames);
    expect(frames).toHaveLength(3);
    const [lk, ud, al] = frames.map((f) => {
      const r = decodeWatch(f);
      if (!r.ok) throw new Error(r.error.detail);
      expect(r.value.lengthValid).toBe(true);
      return r.value.messages[0];
    });
    expect(lk).toMatchObject({ kind: 'heartbeat', status: { batteryLevel: 88 }, detail: { steps: 1200, tumbles: 3 } });
    expect(ud.positions![0]).toMatchObject({
      time,
      lat: 22.5431,
      lon: 114.0579,
      valid: true,
      speedKmh: 4.5,
      satellites: 9,
      extras: { battery: 88, steps: 1200, worn: true, locationSource: 'gps' },
    });
    expect(ud.detail?.wifi).toEqual([{ name: 'a_b_', mac: '1c:fa:68:13:a5:b4', rssi: -61 }]);
    expect(al.positions).toBeUndefined();
    expect(al).toMatchObject({ kind: 'alarm', status: { alarms: ['sos', 'fallDown'] } });
    expect(al.reply?.toString()).toBe('[3G*8800000015*0002*AL]');
  });
});
