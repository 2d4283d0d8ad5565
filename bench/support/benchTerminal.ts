/**
 * The ingest bench's JT/T 808 terminals: one socket each from 127.0.0.2, 127.0.0.3, … (10 000 per
 * source address), registered and authenticated, then sending locations — a burst encoded up
 * front, or one at a time — with replies matched to sends by serial.
 */
import net from 'node:net';
import {
  codecs,
  decodeJt808,
  encodeJt808Auth,
  encodeJt808Batch,
  encodeJt808Location,
  encodeJt808Register,
} from '../../packages/protocols/src/index.ts';

const PER_SOURCE = 10_000;

export const phoneOf = (i: number) => `0139${String(i).padStart(8, '0')}`;
const sourceOf = (i: number) => `127.0.0.${2 + Math.floor(i / PER_SOURCE)}`;
export const fixAt = (i: number, k: number, time: number) => ({
  time,
  lat: 31.2 + ((i * 7919) % 1000) / 5000 + k * 1e-5,
  lon: 121.4 + ((i * 104729) % 1000) / 5000,
  valid: true,
  speedKmh: 40 + (k % 30),
  course: (i + k) % 360,
  altitude: 12,
  acc: true,
});

/**
 * A 0x8001 as the gateway answers a 2013-header location: 7e | 80 01 | 00 05 | phone (6) | serial (2)
 * | answered serial (2) | answered id (2) | result | checksum | 7e, with no byte needing an escape.
 * Read in place (the bench's terminals share the two cores with the gateway: their cost is the
 * bench's, not the platform's); anything else goes through the full decoder.
 */
const PLAIN_ACK_LENGTH = 20;
/** Unanswered messages a bench terminal can track (a power of two dividing 65 536, so serials wrap onto the same slots). */
const IN_FLIGHT_SLOTS = 1024;
function plainAckSerial(frame: Buffer): number {
  if (frame.length !== PLAIN_ACK_LENGTH || frame[1] !== 0x80 || frame[2] !== 0x01 || frame[3] !== 0x00 || frame[4] !== 0x05) return -1;
  let x = 0;
  for (let i = 1; i < PLAIN_ACK_LENGTH - 1; i++) x ^= frame[i];
  const answered = (frame[15] << 8) | frame[16];
  if (x !== 0 || frame[17] !== 0 || (answered !== 0x0200 && answered !== 0x0704)) return -1;
  return (frame[13] << 8) | frame[14];
}

/** A terminal on the bench's side: one socket, replies matched to sends by serial. */
export class BenchTerminal {
  private serial = 0;
  private readonly framer = codecs.jt808.createFramer();
  /**
   * Unanswered messages in slots by serial (mod IN_FLIGHT_SLOTS): when each was sent
   * (performance.now(); NaN when the slot is free), its serial, and the positions it carries
   * (1, or the 0x0704 batch's size).
   */
  private readonly sentAt = new Float64Array(IN_FLIGHT_SLOTS).fill(NaN);
  private readonly serialIn = new Uint16Array(IN_FLIGHT_SLOTS);
  private readonly positionsIn = new Uint8Array(IN_FLIGHT_SLOTS);
  /** Messages sent and not yet acknowledged. */
  unanswered = 0;
  private waiter: ((m: { type: string; answered?: string; authCode?: string }) => void) | null = null;
  onAck: (latencyMs: number, positions: number) => void = () => {};
  /** After each chunk of replies (a terminal with a backlog sends again once per chunk, not per reply). */
  afterReplies: () => void = () => {};
  /** The burst's frames, encoded before it starts, back to back: a run of them is one slice, one write. */
  private burst = { bytes: Buffer.alloc(0), offsets: [0], serials: [] as number[], positions: [] as number[] };
  readonly target;
  constructor(
    readonly socket: net.Socket,
    readonly index: number,
  ) {
    this.target = { phone: phoneOf(index) };
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      for (const frame of this.framer.push(chunk).frames) {
        const serial = plainAckSerial(frame);
        if (serial >= 0) {
          this.acknowledged(serial);
          continue;
        }
        const r = decodeJt808(frame);
        if (!r.ok) continue;
        for (const m of r.value.messages) {
          const reply = m.commandReply;
          if (m.messageType === '0x8001' && (reply?.answered === '0x0200' || reply?.answered === '0x0704')) {
            if (reply.result === 0) this.acknowledged(Number(reply.replyKey));
          } else if (this.waiter) {
            const w = this.waiter;
            this.waiter = null;
            w({ type: m.messageType, answered: reply?.answered, authCode: (m.detail as { authCode?: string } | undefined)?.authCode });
          }
        }
      }
      this.afterReplies();
    });
    socket.on('error', () => {});
  }
  private acknowledged(serial: number) {
    const slot = serial % IN_FLIGHT_SLOTS;
    const t0 = this.sentAt[slot];
    if (Number.isNaN(t0) || this.serialIn[slot] !== serial) return; // not ours, or answered twice
    this.sentAt[slot] = NaN;
    this.unanswered--;
    this.onAck(performance.now() - t0, this.positionsIn[slot]);
  }
  private sent(serial: number, at: number, positions = 1) {
    const slot = serial % IN_FLIGHT_SLOTS;
    if (!Number.isNaN(this.sentAt[slot])) throw new Error(`terminal ${this.index}: over ${IN_FLIGHT_SLOTS} messages unanswered`);
    this.sentAt[slot] = at;
    this.serialIn[slot] = serial;
    this.positionsIn[slot] = positions;
    this.unanswered++;
  }
  /** Forgets what is still unanswered (between phases). */
  forgetUnanswered() {
    this.sentAt.fill(NaN);
    this.unanswered = 0;
  }
  static connect(port: number, index: number): Promise<BenchTerminal> {
    return new Promise((resolve, reject) => {
      const s = net.connect({ port, host: '127.0.0.1', localAddress: sourceOf(index) }, () => resolve(new BenchTerminal(s, index)));
      s.once('error', reject);
    });
  }
  private next() {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }
  private reply(timeoutMs = 30_000) {
    return new Promise<{ type: string; answered?: string; authCode?: string }>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`terminal ${this.index}: no reply`)), timeoutMs);
      this.waiter = (m) => (clearTimeout(t), resolve(m));
    });
  }
  async handshake() {
    this.socket.write(
      encodeJt808Register(this.target, this.next(), {
        province: 31,
        city: 100,
        maker: 'CHLN',
        model: 'CL-808S',
        deviceId: String(this.index).padStart(7, '0'),
        plateColor: 0,
        plate: '',
      }),
    );
    const reg = await this.reply();
    if (reg.type !== '0x8100' || !reg.authCode) throw new Error(`register refused: ${JSON.stringify(reg)}`);
    this.socket.write(encodeJt808Auth(this.target, this.next(), { authCode: reg.authCode, imei: '', softwareVersion: '1.0' }));
    const auth = await this.reply();
    if (auth.answered !== '0x0102') throw new Error(`auth refused: ${JSON.stringify(auth)}`);
  }
  /**
   * Encodes the burst's `count` locations up front (one message each, or 0x0704 batches of
   * `batch`), so the client's cost in the burst is only sending. Returns the number of messages.
   */
  prepareBurst(count: number, batch: number, time: (k: number) => number): number {
    const frames = Array.from({ length: Math.ceil(count / batch) }, (_, m) => {
      const serial = this.next();
      this.burst.serials.push(serial);
      const first = m * batch;
      const fixes = Array.from({ length: Math.min(batch, count - first) }, (_, j) => fixAt(this.index, first + j, time(first + j)));
      this.burst.positions.push(fixes.length);
      if (batch === 1) return encodeJt808Location(this.target, serial, fixes[0]);
      const encoded = encodeJt808Batch(this.target, serial, fixes, 1);
      if (encoded.length !== 1) throw new Error('a bench batch must fit one frame');
      return encoded[0];
    });
    for (const f of frames) this.burst.offsets.push(this.burst.offsets.at(-1)! + f.length);
    this.burst.bytes = Buffer.concat(frames);
    return frames.length;
  }

  /** Sends burst messages [from, to) in one write, as a terminal emptying its backlog does. */
  sendBurst(from: number, to: number) {
    const now = performance.now();
    for (let k = from; k < to; k++) this.sent(this.burst.serials[k], now, this.burst.positions[k]);
    this.socket.write(this.burst.bytes.subarray(this.burst.offsets[from], this.burst.offsets[to]));
  }

  send(k: number, time: number) {
    const serial = this.next();
    this.sent(serial, performance.now());
    this.socket.write(encodeJt808Location(this.target, serial, fixAt(this.index, k, time)));
  }
}
