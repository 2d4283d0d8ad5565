import net from 'node:net';
import type { ProtocolCodec } from '@chelian/protocols/model.ts';
import { decodeJt808, encodeJt808Auth, encodeJt808Register, jt808Codec } from '@chelian/protocols/jt808/index.ts';

/**
 * The least a wait gives before failing. A wait is not a timing assertion (timings belong in
 * bench/): what takes milliseconds here can take seconds on a loaded CI machine running the suite's
 * files side by side, and a wait that succeeds returns at once however long it may take.
 */
const LEAST_PATIENCE_MS = 15_000;

/**
 * A terminal for tests: a real TCP client that writes frames and splits what the server sends
 * back with the protocol's own framer.
 */
export class TestTerminal {
  readonly received: Buffer[] = [];
  closed = false;
  private waiters: Array<() => void> = [];
  private readonly framer;

  private constructor(
    readonly socket: net.Socket,
    codec: ProtocolCodec,
  ) {
    this.framer = codec.createFramer({ maxFrameLength: 8192 });
    socket.on('data', (chunk) => {
      this.received.push(...this.framer.push(chunk).frames);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => {});
  }

  static connect(port: number, codec: ProtocolCodec, host = '127.0.0.1'): Promise<TestTerminal> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host }, () => resolve(new TestTerminal(socket, codec)));
      socket.once('error', reject);
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(...frames: Buffer[]) {
    for (const f of frames) this.socket.write(f);
  }

  /** The next frame from the server (in arrival order), or an error after `timeoutMs` (never under 15 s). */
  async next(timeoutMs = LEAST_PATIENCE_MS): Promise<Buffer> {
    const deadline = Date.now() + Math.max(timeoutMs, LEAST_PATIENCE_MS);
    while (this.received.length === 0) {
      if (this.closed) throw new Error('connection closed');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no frame from the server');
      await new Promise<void>((r) => {
        const timer = setTimeout(r, left);
        this.waiters.push(() => (clearTimeout(timer), r()));
      });
    }
    return this.received.shift()!;
  }

  /** True when nothing arrives within `ms`. */
  async silentFor(ms: number): Promise<boolean> {
    await new Promise((r) => setTimeout(r, ms));
    return this.received.length === 0;
  }

  /** True once the server has closed the connection; false if it is still open after `timeoutMs` (never under 15 s). */
  async waitClosed(timeoutMs = LEAST_PATIENCE_MS): Promise<boolean> {
    const deadline = Date.now() + Math.max(timeoutMs, LEAST_PATIENCE_MS);
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  close() {
    this.socket.destroy();
  }
}

/** Polls `fn` until it returns a truthy value (or throws after `timeoutMs`, never under 15 s). */
export async function eventually<T>(fn: () => Promise<T> | T, timeoutMs = LEAST_PATIENCE_MS, what = 'condition'): Promise<T> {
  const deadline = Date.now() + Math.max(timeoutMs, LEAST_PATIENCE_MS);
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Auth codes the platform issued, by phone: a terminal keeps its code, as real ones do. */
const issuedCodes = new Map<string, string>();

/**
 * A JT/T 808 terminal's first words on a connection, as real ones say them: authenticate (0x0102)
 * with the code it kept, or, the first time (or when the platform no longer takes it), register
 * (0x0100) for one first. Only then is what it sends stored (docs/security.md). Returns the code.
 */
export async function signInJt808(term: TestTerminal, phone: string): Promise<string> {
  const target = { phone };
  const authenticate = async (authCode: string) => {
    term.send(encodeJt808Auth(target, 0xfff1, { authCode }));
    const auth = decodeJt808(await term.next());
    return auth.ok ? auth.value.messages[0].commandReply?.result : undefined;
  };
  const kept = issuedCodes.get(phone);
  if (kept && (await authenticate(kept)) === 0) return kept;
  term.send(
    encodeJt808Register(target, 0xfff0, {
      province: 44,
      city: 300,
      maker: 'CHLN',
      model: 'TEST',
      deviceId: phone.slice(-7),
      plateColor: 0,
      plate: '',
    }),
  );
  const reg = decodeJt808(await term.next());
  const detail = reg.ok ? (reg.value.messages[0].detail as { result?: number; authCode?: string }) : undefined;
  if (!detail?.authCode) throw new Error(`registration of ${phone} refused: ${JSON.stringify(detail)}`);
  const result = await authenticate(detail.authCode);
  if (result !== 0) throw new Error(`authentication of ${phone} refused (${result})`);
  issuedCodes.set(phone, detail.authCode);
  return detail.authCode;
}

/** A JT/T 808 test terminal connected and signed in (registered and authenticated). */
export async function connectJt808(port: number, phone: string): Promise<TestTerminal> {
  const term = await TestTerminal.connect(port, jt808Codec);
  await signInJt808(term, phone);
  return term;
}

/** Beijing 2026-03-01 10:00:00 (02:00 UTC): when the gateway tests' drives start. */
export const DRIVE_T0 = Date.UTC(2026, 2, 1, 2, 0, 0);
/** The `i`th fix of a drive north through Shenzhen, one every 10 s at 36 km/h (ACC on), with `extra` fields. */
export const driveFix = (i: number, extra: object = {}) => ({
  time: DRIVE_T0 + i * 10_000,
  lat: 22.543096 + i * 0.001,
  lon: 114.057865,
  valid: true,
  speedKmh: 36,
  course: 90,
  altitude: 12,
  acc: true,
  ...extra,
});
