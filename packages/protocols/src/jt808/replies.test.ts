import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildJt808Frame, readJt808Frame } from './frame.ts';
import { encodeAckFor, encodePlatformReply } from './replies.ts';

const hexDigits = (n: number) =>
  fc.array(fc.constantFrom(...'0123456789abcdef7e7d'), { minLength: n, maxLength: n }).map((a) => a.join(''));

describe('0x8001 built from the frame it answers', () => {
  it('is byte for byte the general encoder’s frame: 2013 and 2019 headers, any phone, serials and result, escapes included', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        hexDigits(12),
        hexDigits(20),
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        (is2019, phone12, phone20, msgId, terminalSerial, serverSerial, result, version) => {
          const target = is2019 ? { phone: phone20, protocolVersion: version } : { phone: phone12 };
          const parsed = readJt808Frame(buildJt808Frame(msgId, target, terminalSerial, Buffer.from([1, 2, 3])), 'reject');
          if (!parsed.ok) throw new Error(parsed.error.detail);
          const expected = encodePlatformReply(target, serverSerial, terminalSerial, msgId, result);
          expect(encodeAckFor(parsed.value, serverSerial, result).toString('hex')).toBe(expected.toString('hex'));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
