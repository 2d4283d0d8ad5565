import { describe, expect, it } from 'vitest';
import type { TerminalCommand } from '../model.ts';
import { encodeJt808Command, encodeJt808PassThroughDown, encodeJt808QueryParams, encodeJt808SetParams } from './commands.ts';
import { decodeRegister } from './bodies.ts';
import { decodeJt808 } from './decode.ts';

function roundTrip(terminalId: string, command: TerminalCommand, serial = 42) {
  const r = encodeJt808Command(terminalId, command, serial);
  if (!r.ok) throw new Error(r.error.detail);
  expect(r.value.serial).toBe(serial);
  expect(r.value.replyKey).toBe(String(serial));
  const d = decodeJt808(r.value.frame);
  if (!d.ok) throw new Error(d.error.detail);
  return d.value.messages[0];
}

describe('JT/T 808 command encoder', () => {
  it('cuts and restores oil with 0x8105 vendor words (0xF0/0xF1 unless configured)', () => {
    expect(roundTrip('013912344323', { type: 'cutOil' })).toMatchObject({
      kind: 'serverCommand',
      messageType: '0x8105',
      serial: 42,
      detail: { command: 0xf0, params: '' },
    });
    expect(roundTrip('013912344323', { type: 'restoreOil' }).detail).toEqual({ command: 0xf1, params: '' });
    const custom = encodeJt808Command('013912344323', { type: 'cutOil' }, 1, { oilControlWords: { cut: 0x64, restore: 0x65 } });
    expect(custom.ok && custom.value.frame.toString('hex')).toContain('8105');
  });

  it('matches Traccar’s engine-stop frame byte for byte', () => {
    // Traccar packs an IMEI as binary into the id field; as our id is its wire digits, the frame is equal.
    const r = encodeJt808Command('0b3a73ce2ff2', { type: 'cutOil' }, 0);
    expect(r.ok && r.value.frame.toString('hex')).toBe('7e810500010b3a73ce2ff20000f0247e');
  });

  it('reboots with command word 4, locates with 0x8201, sets the interval with parameter 0x0029', () => {
    expect(roundTrip('013912344323', { type: 'reboot' }).detail).toEqual({ command: 4, params: '' });
    expect(roundTrip('013912344323', { type: 'locateNow' }).messageType).toBe('0x8201');
    const m = roundTrip('013912344323', { type: 'setInterval', seconds: 30 });
    expect(m.messageType).toBe('0x8103');
    expect(m.params).toEqual([{ id: 0x0029, value: 30 }]);
  });

  it('sends Chinese text as GBK in 0x8300, with the 2019 text type for 2019 terminals', () => {
    const text = '请立即回场 GBK 编码';
    expect(roundTrip('013912344323', { type: 'text', text }).detail).toEqual({ flag: 0x0c, textType: undefined, text });
    const m = roundTrip('00000000013912344323', { type: 'text', text });
    expect(m.terminalId).toBe('00000000013912344323');
    expect(m.detail).toEqual({ flag: 0x0c, textType: 1, text });
  });

  it('matches the GBK text frame of a published sample', () => {
    const r = encodeJt808Command('013912344323', { type: 'text', text: 'HelloWorld 汉字 GBK 编码' }, 0, { textFlag: 1 });
    expect(r.ok && r.value.frame.toString('hex')).toBe('7e8300001901391234432300000148656c6c6f576f726c6420babad7d62047424b20b1e0c2ebf27e');
  });

  it('sends custom hex as message id + body, or a body for a named id', () => {
    expect(roundTrip('013912344323', { type: 'custom', hex: '8105 05' }).detail).toEqual({ command: 5, params: '' });
    expect(roundTrip('013912344323', { type: 'custom', hex: '06', messageId: 0x8105 }).detail).toEqual({ command: 6, params: '' });
    expect(roundTrip('013912344323', { type: 'custom', text: 'STATUS#' }).detail).toMatchObject({ text: 'STATUS#' });
  });

  it('pads identifiers without their leading zeros', () => {
    expect(roundTrip('13912344323', { type: 'reboot' }).terminalId).toBe('013912344323');
  });

  it('refuses what it cannot encode, as typed errors', () => {
    expect(encodeJt808Command('not-a-phone', { type: 'reboot' }, 1)).toMatchObject({ ok: false, error: { code: 'badCommand' } });
    expect(encodeJt808Command('013912344323', { type: 'setInterval', seconds: -1 }, 1)).toMatchObject({ ok: false });
    expect(encodeJt808Command('013912344323', { type: 'custom', hex: 'abc' }, 1)).toMatchObject({ ok: false });
    expect(encodeJt808Command('013912344323', { type: 'custom' }, 1)).toMatchObject({ ok: false });
    expect(encodeJt808Command('013912344323', { type: 'text', text: '长'.repeat(600) }, 1)).toMatchObject({ ok: false });
  });
});

describe('JT/T 808 platform messages', () => {
  const decoded = (r: ReturnType<typeof encodeJt808QueryParams>) => {
    if (!r.ok) throw new Error(r.error.detail);
    const d = decodeJt808(r.value.frame);
    if (!d.ok) throw new Error(d.error.detail);
    return d.value.messages[0];
  };

  it('sets and queries parameters, and passes data through', () => {
    const set = decoded(
      encodeJt808SetParams(
        '013912344323',
        [
          { id: 0x0001, value: 10 },
          { id: 0x0013, value: 'gps.example.cn' },
        ],
        3,
      ),
    );
    expect(set.params).toEqual([
      { id: 0x0001, value: 10 },
      { id: 0x0013, value: 'gps.example.cn' },
    ]);
    expect(decoded(encodeJt808QueryParams('013912344323', 4)).messageType).toBe('0x8104');
    const pt = decoded(encodeJt808PassThroughDown('013912344323', 0x41, Buffer.from('7e01', 'hex'), 5));
    expect(pt.passThrough).toEqual({ type: 0x41, data: Buffer.from('7e01', 'hex') });
  });

  it('reads the 2011 register body (model 8 bytes)', () => {
    const body = Buffer.concat([
      Buffer.from([0, 44, 1, 3]),
      Buffer.from('70107', 'latin1'),
      Buffer.from('GT-02\0\0\0', 'latin1'),
      Buffer.from('1234567', 'latin1'),
      Buffer.from([2]),
      Buffer.from('d4c14131323334', 'hex'),
    ]);
    expect(decodeRegister(body, false)).toEqual({
      province: 44,
      city: 259,
      maker: '70107',
      model: 'GT-02',
      deviceId: '1234567',
      plateColor: 2,
      plate: '粤A1234',
    });
  });
});
