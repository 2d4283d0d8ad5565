/**
 * One client process of bench/steady.bench.ts: JT/T 808 terminals that report the way real ones
 * do, one 0x0200 per terminal per interval, each at its own phase, through the real gateway. Lean
 * on purpose (issue 33: the client shares the two cores with what it measures): each terminal's
 * frame is encoded once and patched in place (serial, time, checksum) for every send
 * (steadyFrames.ts), one timer wheel drives every terminal (sendWheel.ts), acknowledgements are
 * read in place, and nothing is allocated or closed over per message. Driven over the IPC channel:
 *   → { type: 'open' }     connect, register and authenticate every terminal of the plan
 *   ← { type: 'opened', held, failed, lastError, ms, cpuMs }
 *   → { type: 'run', mode: 'report' | 'idle' }   start the wheel: reports (and heartbeats), or heartbeats only
 *   → { type: 'snapshot' }  ← { type: 'snapshot', ...Counters }   and the latency histogram restarts
 *   → { type: 'status' }    ← { type: 'status', ...Counters without latency }
 *   → { type: 'stop', ackedFile? }   stop sending, wait (≤ 15 s) for what is unanswered
 *   ← { type: 'stopped', ...Counters, ackedPerTerminal }
 * bench/cluster-load.bench.ts also sets `host` (nginx), `connectRate`, `reconnect` (a terminal whose
 * connection closes dials again after a random pause, registers and authenticates, as a real one
 * does after its gateway died) and `record`: each acknowledged report's GPS second is kept, and
 * `stop` writes them to `ackedFile` as `identifier<TAB>epoch ms` lines for the loss check.
 * Exits when the bench goes away.
 */
import fs from 'node:fs';
import net from 'node:net';
import {
  decodeJt808,
  encodeJt808Auth,
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808Register,
} from '../../packages/protocols/src/index.ts';
import { SendWheel } from './sendWheel.ts';
import { ACK_LENGTH, BcdClock, bad, ESC, FLAG, SERIAL_AT, template, TIME_AT, unescape } from './steadyFrames.ts';

export interface SteadyPlan {
  /** Global index of this client's first terminal. */
  first: number;
  count: number;
  port: number;
  /** Source addresses, `perAddress` terminals each in turn. */
  sourceAddresses: string[];
  perAddress: number;
  intervalMs: number;
  heartbeatMs: number;
  concurrency: number;
  /** Where the terminals dial (default 127.0.0.1). */
  host?: string;
  /** Logins started per second at most (default: as fast as `concurrency` allows). */
  connectRate?: number;
  /** Dial again after a connection closes, after a pause drawn between these (ms). */
  reconnect?: { minMs: number; maxMs: number };
  /** Keep every acknowledged report's GPS time for `stop`'s `ackedFile`. */
  record?: boolean;
}

export interface Counters {
  sent: number;
  acked: number;
  heartbeatsSent: number;
  heartbeatsAcked: number;
  /** Answered with a result other than 0. */
  refused: number;
  /** Reports forgotten unanswered: SLOTS later reports of the terminal were sent meanwhile. */
  overtaken: number;
  unanswered: number;
  /** Terminals with a logged-in connection now. */
  online: number;
  /** Logins after a connection closed (plan.reconnect). */
  reconnects: number;
  /** Reports unanswered when their connection closed. */
  cutOff: number;
  cpuMs: number;
  rssBytes: number;
  /** Send → 0x8001 of reports since the last snapshot, as counts per 0.1 ms (past 10 s: per second, in `slow`). */
  latency: { fine: Array<[number, number]>; slow: Array<[number, number]> };
}

export const steadyPhoneOf = (i: number) => `0136${String(i).padStart(8, '0')}`;

/** Unanswered reports tracked per terminal (a power of two). */
const SLOTS = 8;
const LATENCY_FINE = 100_000; // 0.1 ms buckets up to 10 s

/** Every terminal's state in flat arrays (index = terminal within this client). */
class Terminals {
  readonly sockets: Array<net.Socket | undefined> = [];
  readonly location: Buffer[] = [];
  readonly heartbeat: Buffer[] = [];
  /** XOR of each frame's checksummed bytes with serial (and time) zeroed. */
  readonly locationXor: Uint8Array;
  readonly heartbeatXor: Uint8Array;
  readonly serial: Uint16Array;
  /** Unanswered reports, SLOTS per terminal by serial: performance.now() of the send (NaN: free), and the serial. */
  readonly sentAt: Float64Array;
  readonly sentSerial: Uint16Array;
  /** The GPS second each unanswered report carries (plan.record). */
  readonly sentSecond: Uint32Array;
  readonly ackedPositions: Int32Array;
  constructor(readonly count: number) {
    this.locationXor = new Uint8Array(count);
    this.heartbeatXor = new Uint8Array(count);
    this.serial = new Uint16Array(count);
    this.sentAt = new Float64Array(count * SLOTS).fill(NaN);
    this.sentSerial = new Uint16Array(count * SLOTS);
    this.sentSecond = new Uint32Array(count * SLOTS);
    this.ackedPositions = new Int32Array(count);
  }
}

function main() {
  const plan = JSON.parse(process.env.STEADY_CLIENT_PLAN ?? '') as SteadyPlan;
  const t = new Terminals(plan.count);
  const clock = new BcdClock();
  const fine = new Uint32Array(LATENCY_FINE);
  const slow = new Map<number, number>();
  const c = { sent: 0, acked: 0, heartbeatsSent: 0, heartbeatsAcked: 0, refused: 0, overtaken: 0, reconnects: 0, cutOff: 0 };
  let stopping = false;
  /** plan.record: acknowledged reports as (terminal, GPS second) pairs. */
  let ackLog = new Uint32Array(plan.record ? 1 << 16 : 0);
  let ackLogLength = 0;

  for (let k = 0; k < plan.count; k++) {
    const target = { phone: steadyPhoneOf(plan.first + k) };
    const i = plan.first + k;
    const loc = template(
      (nudge) =>
        encodeJt808Location(target, 0, {
          time: Date.now(),
          lat: 22.5 + ((i * 7919) % 1000) / 5000 + nudge * 1e-5,
          lon: 113.9 + ((i * 104729) % 1000) / 5000 + nudge * 3e-5,
          valid: true,
          speedKmh: 40,
          course: (i + nudge) % 360,
          altitude: 12,
          acc: true,
        }),
      (at) => at === SERIAL_AT || at === SERIAL_AT + 1 || (at >= TIME_AT && at < TIME_AT + 6),
    );
    const hb = template(
      () => encodeJt808Heartbeat(target, 0),
      (at) => at === SERIAL_AT || at === SERIAL_AT + 1,
    );
    t.location.push(loc.frame);
    t.locationXor[k] = loc.xor;
    t.heartbeat.push(hb.frame);
    t.heartbeatXor[k] = hb.xor;
  }

  /** The next serial whose bytes and the frame's checksum need no escape; writes them and the checksum. */
  function stamp(k: number, frame: Buffer, xor: number) {
    let s = t.serial[k];
    let cs = 0;
    do {
      s = (s + 1) & 0xffff;
      cs = xor ^ (s >> 8) ^ (s & 0xff);
    } while (bad(s >> 8) || bad(s & 0xff) || bad(cs));
    t.serial[k] = s;
    frame[SERIAL_AT] = s >> 8;
    frame[SERIAL_AT + 1] = s & 0xff;
    frame[frame.length - 2] = cs;
    return s;
  }

  /** A frame still queued in the socket is not patched under it: that send gets a copy. */
  function write(socket: net.Socket, frame: Buffer) {
    socket.write(socket.writableLength > 0 ? Buffer.from(frame) : frame);
  }

  function sendReport(k: number) {
    const frame = t.location[k];
    clock.at(Date.now());
    clock.bytes.copy(frame, TIME_AT);
    const serial = stamp(k, frame, t.locationXor[k] ^ clock.xor);
    const slot = k * SLOTS + (serial & (SLOTS - 1));
    if (t.sentAt[slot] === t.sentAt[slot]) c.overtaken++; // SLOTS reports of this terminal unanswered: the oldest is forgotten
    t.sentSerial[slot] = serial;
    t.sentAt[slot] = performance.now();
    t.sentSecond[slot] = clock.second;
    c.sent++;
    write(t.sockets[k]!, frame);
  }

  function sendHeartbeat(k: number) {
    const frame = t.heartbeat[k];
    stamp(k, frame, t.heartbeatXor[k]);
    c.heartbeatsSent++;
    write(t.sockets[k]!, frame);
  }

  /** One 0x8001 (escapes undone): a report's or a heartbeat's acknowledgement. */
  function onAck(k: number, f: Buffer, at: number) {
    if (f.length < ACK_LENGTH || f[1] !== 0x80 || f[2] !== 0x01) return;
    const answered = (f[15] << 8) | f[16];
    const ok = f[17] === 0;
    if (answered === 0x0002) {
      if (ok) c.heartbeatsAcked++;
      return;
    }
    const serial = (f[13] << 8) | f[14];
    const slot = k * SLOTS + (serial & (SLOTS - 1));
    if (answered !== 0x0200 || serial !== t.sentSerial[slot] || t.sentAt[slot] !== t.sentAt[slot]) return;
    const ms = at - t.sentAt[slot];
    t.sentAt[slot] = NaN;
    if (!ok) return void c.refused++;
    c.acked++;
    t.ackedPositions[k]++;
    if (plan.record) {
      if (ackLogLength + 2 > ackLog.length) {
        const grown = new Uint32Array(ackLog.length * 2);
        grown.set(ackLog);
        ackLog = grown;
      }
      ackLog[ackLogLength++] = k;
      ackLog[ackLogLength++] = t.sentSecond[slot];
    }
    const bucket = Math.floor(ms * 10);
    if (bucket < LATENCY_FINE) fine[bucket]++;
    else slow.set(Math.floor(ms / 1000), (slow.get(Math.floor(ms / 1000)) ?? 0) + 1);
  }

  /** Replies after the handshake: whole frames are read in place; a frame split over reads is rare and copied. */
  function listen(k: number, socket: net.Socket) {
    let rest: Buffer | null = null;
    socket.once('close', () => dropped(k, socket));
    socket.on('data', (chunk: Buffer) => {
      const at = performance.now();
      let data = chunk;
      if (rest) {
        data = Buffer.concat([rest, chunk]);
        rest = null;
      }
      let start = data.indexOf(FLAG);
      while (start !== -1) {
        const end = data.indexOf(FLAG, start + 1);
        if (end === -1) {
          rest = Buffer.from(data.subarray(start));
          return;
        }
        if (end === start + 1) {
          start = end; // two flags in a row: the second opens the next frame
          continue;
        }
        const f = data.subarray(start, end + 1);
        onAck(k, f.indexOf(ESC) === -1 ? f : unescape(f), at);
        start = data.indexOf(FLAG, end + 1);
      }
    });
  }

  /** A logged-in connection closed: its unanswered reports are forgotten, and it dials again (plan.reconnect). */
  function dropped(k: number, socket: net.Socket) {
    if (t.sockets[k] !== socket) return;
    t.sockets[k] = undefined;
    for (let slot = k * SLOTS; slot < (k + 1) * SLOTS; slot++)
      if (t.sentAt[slot] === t.sentAt[slot]) {
        t.sentAt[slot] = NaN;
        c.cutOff++;
      }
    if (plan.reconnect && !stopping) redial(k);
  }

  function redial(k: number) {
    const { minMs, maxMs } = plan.reconnect!;
    setTimeout(
      () => {
        if (stopping) return;
        openTerminal(k).then(
          () => void c.reconnects++,
          () => redial(k),
        );
      },
      minMs + Math.random() * (maxMs - minMs),
    );
  }

  /** Connects, registers and authenticates terminal k (the decoder only here, before anything is measured). */
  function openTerminal(k: number): Promise<void> {
    const target = { phone: steadyPhoneOf(plan.first + k) };
    const localAddress = plan.sourceAddresses[Math.floor(k / plan.perAddress)];
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port: plan.port, host: plan.host ?? '127.0.0.1', localAddress, noDelay: true });
      let buffered = Buffer.alloc(0);
      const timer = setTimeout(() => fail(new Error(`terminal ${target.phone}: login timed out`)), 60_000);
      const fail = (err: Error) => (clearTimeout(timer), socket.destroy(), reject(err));
      const closed = () => fail(new Error(`terminal ${target.phone}: closed during login`));
      socket.once('error', fail);
      socket.once('close', closed);
      socket.once('connect', () =>
        socket.write(
          encodeJt808Register(target, 1, {
            province: 44,
            city: 300,
            maker: 'CHLN',
            model: 'CL-808S',
            deviceId: String(k % 1e7).padStart(7, '0'),
            plateColor: 0,
            plate: '',
          }),
        ),
      );
      const onData = (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        for (;;) {
          const start = buffered.indexOf(FLAG);
          const end = start === -1 ? -1 : buffered.indexOf(FLAG, start + 1);
          if (end === -1) return;
          const r = decodeJt808(buffered.subarray(start, end + 1));
          buffered = buffered.subarray(end + 1);
          if (!r.ok) continue;
          for (const m of r.value.messages) {
            const authCode = (m.detail as { authCode?: string } | undefined)?.authCode;
            if (m.messageType === '0x8100' && authCode)
              socket.write(encodeJt808Auth(target, 2, { authCode, imei: '', softwareVersion: '1.0' }));
            else if (m.messageType === '0x8001' && m.commandReply?.answered === '0x0102') {
              clearTimeout(timer);
              socket.off('data', onData);
              socket.off('error', fail);
              socket.off('close', closed);
              socket.on('error', () => {});
              if (t.serial[k] < 2) t.serial[k] = 2;
              t.sockets[k] = socket;
              listen(k, socket);
              return resolve();
            }
          }
        }
      };
      socket.on('data', onData);
    });
  }

  async function open() {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let next = 0;
    let held = 0;
    let failed = 0;
    let lastError = '';
    await Promise.all(
      Array.from({ length: plan.concurrency }, async () => {
        while (next < plan.count) {
          const k = next++;
          const due = plan.connectRate ? t0 + (k * 1000) / plan.connectRate : 0;
          if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
          try {
            await openTerminal(k);
            held++;
          } catch (err) {
            failed++;
            lastError = String(err);
          }
        }
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    return {
      held,
      failed,
      lastError: lastError || undefined,
      ms: Math.round(performance.now() - t0),
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  }

  const wheel = new SendWheel(plan.count, plan.intervalMs, plan.heartbeatMs, t.sockets, sendReport, sendHeartbeat);

  const counts = (): Omit<Counters, 'latency'> => {
    const cpu = process.cpuUsage();
    let unanswered = 0;
    for (let i = 0; i < t.sentAt.length; i++) if (t.sentAt[i] === t.sentAt[i]) unanswered++;
    let online = 0;
    for (let k = 0; k < plan.count; k++) if (t.sockets[k]) online++;
    return { ...c, unanswered, online, cpuMs: (cpu.user + cpu.system) / 1000, rssBytes: process.memoryUsage.rss() };
  };
  const counters = (): Counters => {
    const fineOut: Array<[number, number]> = [];
    for (let b = 0; b < LATENCY_FINE; b++) if (fine[b]) fineOut.push([b, fine[b]]);
    const latency = { fine: fineOut, slow: [...slow.entries()] };
    fine.fill(0);
    slow.clear();
    return { ...counts(), latency };
  };

  async function stop(ackedFile?: string) {
    wheel.mode = 'stopped';
    stopping = true;
    const deadline = performance.now() + 15_000;
    const waiting = () => t.sentAt.some((x) => x === x);
    while (waiting() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    wheel.stop();
    if (ackedFile) writeAcked(ackedFile);
    return { ...counters(), ackedPerTerminal: Array.from(t.ackedPositions) };
  }

  /** Every acknowledged report as `identifier<TAB>GPS time in epoch ms`. */
  function writeAcked(file: string) {
    const out = fs.openSync(file, 'w');
    let lines: string[] = [];
    for (let i = 0; i < ackLogLength; i += 2) {
      lines.push(`${steadyPhoneOf(plan.first + ackLog[i])}\t${ackLog[i + 1] * 1000}\n`);
      if (lines.length >= 50_000) {
        fs.writeSync(out, lines.join(''));
        lines = [];
      }
    }
    fs.writeSync(out, lines.join(''));
    fs.closeSync(out);
  }

  process.on('disconnect', () => process.exit(0));
  process.on('message', (msg: { type: string; mode?: 'report' | 'idle'; ackedFile?: string }) => {
    if (msg.type === 'open') void open().then((r) => process.send!({ type: 'opened', ...r }));
    else if (msg.type === 'run') wheel.run(msg.mode!);
    else if (msg.type === 'status') process.send!({ type: 'status', ...counts() });
    else if (msg.type === 'snapshot') process.send!({ type: 'snapshot', ...counters() });
    else if (msg.type === 'stop') void stop(msg.ackedFile).then((r) => process.send!({ type: 'stopped', ...r }));
  });
  process.send!({ type: 'ready' });
}

if (process.env.STEADY_CLIENT_PLAN) main();
