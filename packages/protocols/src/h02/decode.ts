/** H02 frame → normalized messages: '*' text sentences or the '$' binary form. */
import type { DecodeContext, DecodeResult } from '../model.ts';
import { fail, ok } from '../common/result.ts';
import { decodeH02Binary } from './binary.ts';
import { fields } from './sentence.ts';
import { decodeH02Text } from './text.ts';

export function decodeH02(frame: Buffer, ctx: DecodeContext = {}): DecodeResult {
  try {
    if (frame.length === 0) return fail('empty', 'no bytes');
    const marker = frame[0];
    if (marker !== 0x2a && marker !== 0x24) return fail('badFrame', "an H02 frame starts with '*' or '$'");
    const decoded = marker === 0x24 ? decodeH02Binary(frame, ctx) : decodeH02Text(frame, ctx);
    if (!decoded.ok) return decoded;
    const m = decoded.value;
    // H02 has no checksum or length field: integrity flags are always true.
    return ok({
      protocol: 'h02',
      terminalId: m.terminalId,
      messageType: m.messageType,
      checksumValid: true,
      lengthValid: true,
      messages: [m],
    });
  } catch (err) {
    return fail('internal', err instanceof Error ? err.message : String(err));
  } finally {
    fields.release();
  }
}
