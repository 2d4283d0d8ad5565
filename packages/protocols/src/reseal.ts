import { crcItu } from './common/crc-itu.ts';
import { escapeJt808, unescapeJt808, xorChecksum } from './jt808/frame.ts';

/**
 * Makes a mutated frame pass its integrity check again (JT/T 808 XOR, GT06 CRC-ITU), so a fuzzer's
 * mutation reaches the body decoders; other protocols' frames are returned as they are.
 */
export function reseal(protocol: string, frame: Buffer): Buffer {
  if (protocol === 'jt808' && frame.length >= 3 && frame[0] === 0x7e && frame[frame.length - 1] === 0x7e) {
    const content = Buffer.from(unescapeJt808(frame, 1, frame.length - 1));
    if (content.length > 0) content[content.length - 1] = xorChecksum(content, 0, content.length - 1);
    return escapeJt808(content);
  }
  if (protocol === 'gt06' && frame.length >= 10) {
    const out = Buffer.from(frame);
    const crc = crcItu(out, 2, out.length - 4);
    out[out.length - 4] = crc >> 8;
    out[out.length - 3] = crc & 0xff;
    return out;
  }
  return frame;
}
