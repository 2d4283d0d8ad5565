import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeJt808 } from './decode.ts';
import { PhoneMemo, buildJt808Frame, escapeJt808, parseJt808Frame, readJt808Frame, unescapeJt808 } from './frame.ts';

// Real device, Traccar's test suite: declared body length 50 with 40 bytes present, and a
// checksum that does not verify.
const BAD = Buffer.from(
  '7e02000032013511221122000700000000000c000301578cc006ca3a5c00470000000014072317201501040000000030011631010bd07e',
  'hex',
);

describe('JT/T 808 framing', () => {
  it('escapes 0x7e and 0x7d both ways', () => {
    const raw = Buffer.from('017e027d03', 'hex');
    const wire = escapeJt808(raw);
    expect(wire.toString('hex')).toBe('7e017d02027d01037e');
    expect(unescapeJt808(wire, 1, wire.length - 1).toString('hex')).toBe('017e027d03');
  });

  it('escapes a checksum that happens to be 0x7e', () => {
    const frame = buildJt808Frame(0x0002, { phone: '040021679287' }, 43, Buffer.alloc(0));
    expect(frame.toString('hex')).toBe('7e00020000040021679287002b7d027e');
  });

  it('accepts a frame with a bad checksum and short body by default, flagging both', () => {
    const r = decodeJt808(BAD);
    if (!r.ok) throw new Error(r.error.detail);
    expect(r.value.checksumValid).toBe(false);
    expect(r.value.lengthValid).toBe(false);
    expect(r.value.messages[0].positions![0].lat).toBeCloseTo(22.51488, 6);
  });

  it("rejects it under checksumPolicy 'reject'", () => {
    expect(decodeJt808(BAD, { checksumPolicy: 'reject' })).toMatchObject({ ok: false, error: { code: 'badChecksum' } });
  });

  it('turns malformed frames into typed errors', () => {
    expect(decodeJt808(Buffer.alloc(0))).toMatchObject({ ok: false, error: { code: 'empty' } });
    expect(decodeJt808(Buffer.from('0102', 'hex'))).toMatchObject({ ok: false, error: { code: 'badFrame' } });
    expect(decodeJt808(Buffer.from('7e02007e', 'hex'))).toMatchObject({ ok: false, error: { code: 'tooShort' } });
    // A location whose body holds 4 of its 28 fixed bytes.
    const short = buildJt808Frame(0x0200, { phone: '013511221122' }, 1, Buffer.alloc(4));
    expect(decodeJt808(short)).toMatchObject({ ok: false, error: { code: 'tooShort' } });
    expect(parseJt808Frame(short).ok).toBe(true);
  });

  it('gives a location without a real time the caller’s clock, flagged', () => {
    const zeros = buildJt808Frame(0x0200, { phone: '013511221122' }, 1, Buffer.alloc(28));
    const r = decodeJt808(zeros, { now: 1_700_000_000_000 });
    if (!r.ok) throw new Error(r.error.detail);
    const p = r.value.messages[0].positions![0];
    expect(p.time).toBe(1_700_000_000_000);
    expect(p.extras.timeInvalid).toBe(true);
    expect(p.valid).toBe(false);
  });

  it('reads back any body it builds, escaped or not, with a valid checksum', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 0, max: 0xffff }), fc.boolean(), (body, serial, reuse) => {
        const frame = buildJt808Frame(0x0900, { phone: '7e7d12345678' }, serial, body);
        const r = readJt808Frame(frame, 'reject', reuse);
        if (!r.ok) throw new Error(r.error.detail);
        expect(r.value.header.serial).toBe(serial);
        expect(r.value.header.phone).toBe('7e7d12345678');
        expect(Buffer.from(r.value.data.subarray(r.value.bodyStart, r.value.bodyEnd))).toEqual(Buffer.from(body));
      }),
      { numRuns: 1000 },
    );
  });

  it("a connection's phone memo gives each frame its own phone, across header versions", () => {
    const memo = new PhoneMemo();
    const phoneOf = (phone: string) => {
      const r = decodeJt808(buildJt808Frame(0x0002, { phone }, 1, Buffer.alloc(0)), { phones: memo });
      if (!r.ok) throw new Error(r.error.detail);
      return r.value.terminalId;
    };
    const phones = [
      '013511221122',
      '013511221122',
      '013511221123',
      // 2019 headers: the same last six bytes as the 2013 phone, then ones differing only in their first four
      '00000000013511221123',
      '12345678013511221123',
      '12345678013511221123',
      '013511221123',
    ];
    expect(phones.map(phoneOf)).toEqual(phones);
  });
});
