/**
 * One client process of bench/idle-connections.bench.ts: holds up to ~19 500 terminal connections
 * (its own `nofile` limit) from its own source addresses to one gateway, each logged in and then
 * silent. Driven over the IPC channel:
 *   → { type: 'open', upTo, maxMs }   open connections until `upTo` are held (or `maxMs` passes)
 *   ← { type: 'opened', held, failed, lastError, ms, cpuMs }
 *   → { type: 'count' }  ← { type: 'count', alive }
 * JT/T 808 terminals register (0x0100 → 0x8100) and authenticate (0x0102 → 0x8001); GT06
 * terminals log in (0x01 → 0x01). The bench has put every identifier in `terminals` beforehand.
 * Exits when the bench goes away.
 */
import net from 'node:net';
import { codecs, decodeJt808, encodeGt06Login, encodeJt808Auth, encodeJt808Register } from '../../packages/protocols/src/index.ts';

export interface ClientPlan {
  /** Global index of this client's first terminal; terminal `first + k` is `terminalOf(first + k)`. */
  first: number;
  count: number;
  /** Source addresses, `perAddress` connections each in turn: a bind() to an address with port 0 slows as its ports fill. */
  sourceAddresses: string[];
  perAddress: number;
  ports: { jt808: number; gt06: number };
  /** Every `gt06Every`-th terminal speaks GT06 (0: none). */
  gt06Every: number;
  concurrency: number;
}

/** The identity of terminal `i` across the bench: JT/T 808 phone (12 digits) or GT06 IMEI (15). */
export function terminalOf(i: number, gt06Every: number): { protocol: 'jt808' | 'gt06'; id: string } {
  return gt06Every > 0 && i % gt06Every === gt06Every - 1
    ? { protocol: 'gt06', id: `86${String(i).padStart(13, '0')}` }
    : { protocol: 'jt808', id: `0138${String(i).padStart(8, '0')}` };
}

const HANDSHAKE_TIMEOUT_MS = 60_000;

/** Connects and logs in one terminal; resolves with its socket, now silent. */
function openTerminal(plan: ClientPlan, i: number): Promise<net.Socket> {
  const localAddress = plan.sourceAddresses[Math.floor((i - plan.first) / plan.perAddress)];
  const { protocol, id } = terminalOf(i, plan.gt06Every);
  return new Promise((resolve, reject) => {
    const framer = codecs[protocol].createFramer();
    const socket = net.connect({ port: plan.ports[protocol], host: '127.0.0.1', localAddress });
    const fail = (err: Error) => (clearTimeout(timer), socket.destroy(), reject(err));
    const timer = setTimeout(() => fail(new Error(`terminal ${id}: login timed out`)), HANDSHAKE_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      socket.removeAllListeners('data');
      socket.removeAllListeners('error');
      socket.on('error', () => {});
      socket.on('data', () => {}); // a command now and then is read and dropped
      resolve(socket);
    };
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.write(
        protocol === 'gt06'
          ? encodeGt06Login(id, 1)
          : encodeJt808Register({ phone: id }, 1, {
              province: 31,
              city: 100,
              maker: 'CHLN',
              model: 'CL-808S',
              deviceId: String(i % 1e7).padStart(7, '0'),
              plateColor: 0,
              plate: '',
            }),
      );
    });
    socket.on('data', (chunk: Buffer) => {
      for (const frame of framer.push(chunk).frames) {
        if (protocol === 'gt06') {
          if (frame[3] === 0x01) return done(); // 0x7878, length, protocol 0x01: the login reply
          continue;
        }
        const r = decodeJt808(frame);
        if (!r.ok) continue;
        for (const m of r.value.messages) {
          const authCode = (m.detail as { authCode?: string } | undefined)?.authCode;
          if (m.messageType === '0x8100' && authCode)
            socket.write(encodeJt808Auth({ phone: id }, 2, { authCode, imei: '', softwareVersion: '1.0' }));
          else if (m.messageType === '0x8001' && m.commandReply?.answered === '0x0102') return done();
        }
      }
    });
  });
}

export async function runClient() {
  const plan = JSON.parse(process.env.IDLE_CLIENT_PLAN ?? '') as ClientPlan;
  const sockets: net.Socket[] = [];
  let next = 0;
  let failed = 0;
  let lastError = '';

  async function open(upTo: number, maxMs: number) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const target = Math.min(upTo, plan.count);
    const deadline = t0 + maxMs;
    await Promise.all(
      Array.from({ length: plan.concurrency }, async () => {
        while (next < target && performance.now() < deadline) {
          const i = plan.first + next++;
          try {
            sockets.push(await openTerminal(plan, i));
          } catch (err) {
            failed++;
            lastError = String(err);
          }
        }
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    return {
      held: sockets.length,
      failed,
      lastError: lastError || undefined,
      ms: Math.round(performance.now() - t0),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    };
  }

  process.on('disconnect', () => process.exit(0));
  process.on('message', (msg: { type: string; upTo?: number; maxMs?: number }) => {
    if (msg.type === 'open') void open(msg.upTo!, msg.maxMs!).then((r) => process.send!({ type: 'opened', ...r }));
    else if (msg.type === 'count') process.send!({ type: 'count', alive: sockets.filter((s) => !s.destroyed).length });
  });
  process.send!({ type: 'ready' });
}

if (process.env.IDLE_CLIENT_PLAN) await runClient();
