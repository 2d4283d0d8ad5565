/**
 * The steady client's JT/T 808 frames (steadyClient.ts): where a frame is patched in place for each
 * send (serial, BCD time, checksum), frames whose fixed bytes need no escaping, and the escapes
 * undone on a reply.
 */
export const FLAG = 0x7e;
export const ESC = 0x7d;
/** Frame offsets (2013 header): 7e | id 2 | props 2 | phone 6 | serial 2 | body …| checksum | 7e. */
export const SERIAL_AT = 11;
const BODY_AT = 13;
/** In a 0x0200 body: alarm 4, status 4, lat 4, lon 4, altitude 2, speed 2, course 2, then the BCD time. */
export const TIME_AT = BODY_AT + 22;
/** 7e 80 01 00 05 phone(6) serial(2) | answered serial 2 | answered id 2 | result | checksum | 7e. */
export const ACK_LENGTH = 20;
export const bad = (b: number) => b === FLAG || b === ESC;

/** A frame with its 0x7d escapes undone. */
export function unescape(frame: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < frame.length; i++) {
    if (frame[i] === ESC && i + 1 < frame.length) out.push(frame[++i] === 0x02 ? FLAG : ESC);
    else out.push(frame[i]);
  }
  return Buffer.from(out);
}

/** 6 BCD bytes of GMT+8 wall time for a second, and their XOR. */
export class BcdClock {
  second = -1;
  readonly bytes = Buffer.alloc(6);
  xor = 0;
  at(epochMs: number) {
    const second = Math.floor(epochMs / 1000);
    if (second === this.second) return;
    this.second = second;
    const d = new Date(second * 1000 + 8 * 3600_000);
    const parts = [d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
    this.xor = 0;
    for (let i = 0; i < 6; i++) {
      this.bytes[i] = ((parts[i] / 10) << 4) | (parts[i] % 10);
      this.xor ^= this.bytes[i];
    }
  }
}

/** A frame that needs no escaping in its fixed bytes, and its checksum's XOR without serial and time. */
export function template(encode: (nudge: number) => Buffer, patched: (i: number) => boolean): { frame: Buffer; xor: number } {
  for (let nudge = 0; nudge < 1000; nudge++) {
    const frame = unescape(encode(nudge));
    let clean = true;
    let xor = 0;
    for (let i = 1; i < frame.length - 2; i++) {
      if (patched(i)) continue;
      if (bad(frame[i])) clean = false;
      xor ^= frame[i];
    }
    if (clean) return { frame, xor };
  }
  throw new Error('no frame without escapes');
}
