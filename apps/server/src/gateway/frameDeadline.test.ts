import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log.ts';
import { registry, type ProtocolCounters } from '../core/metrics.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { eventually } from '../testing/testTerminal.ts';
import { ConnectionDeadlines } from './frameDeadline.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { newGatewayStats } from './gatewayStats.ts';

/** A client that writes `head`, then `body` round and round, one byte every `everyMs`, until the server closes it. */
function trickle(port: number, everyMs: number, head: Buffer, body = head) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const state = { closed: false, sent: 0, socket };
  socket.on('error', () => {});
  const timer = setInterval(() => {
    if (!socket.writable) return;
    const at = state.sent < head.length ? state.sent : (state.sent - head.length) % body.length;
    socket.write((state.sent < head.length ? head : body).subarray(at, at + 1));
    state.sent++;
  }, everyMs);
  socket.on('close', () => {
    state.closed = true;
    clearInterval(timer);
  });
  return state;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const metricLine = async (name: string, labels: string) =>
  (await registry.metrics()).split('\n').find((l) => l.startsWith(`${name}{${labels}}`)) ?? '';

let t: TestServer;
/** Frames must finish within 2 s; idle 60 s. */
let gw: Gateway;
/** Idle after 2 s without a complete frame; frames within the default 30 s. */
let quiet: Gateway;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, watch: 0 }, offlineAfterSeconds: 60, frameDeadlineSeconds: 2 });
  quiet = await startGateway(t.ctx, { host: '127.0.0.1', ports: { h02: 0 }, offlineAfterSeconds: 2 });
});
afterAll(async () => {
  await gw?.close();
  await quiet?.close();
  await t?.close();
});

describe('a frame begun must finish within the deadline (over TCP)', () => {
  it('closes a connection trickling a frame that never ends, after the deadline, and counts it', async () => {
    const before = gw.stats.frameDeadlines;
    // A JT/T 808 frame opened by 0x7e and a watch frame opened by '[', neither ever closed.
    const jt808 = trickle(gw.ports.jt808!, 250, Buffer.from([0x7e, 0x02, 0x00, 0x00, 0x1c]), Buffer.from([0x01, 0x39, 0x12, 0x34]));
    const watch = trickle(gw.ports.watch!, 250, Buffer.from('[3G*8800000015*0008*'), Buffer.from('LK,0,0,'));
    await sleep(1000);
    expect([jt808.closed, watch.closed]).toEqual([false, false]); // before the deadline both are read on
    await eventually(() => jt808.closed && watch.closed, 15_000, 'both trickles closed');
    expect(gw.stats.frameDeadlines - before).toBe(2);
    expect(await metricLine('chelian_frames_rejected_total', 'protocol="jt808",reason="deadline"')).toMatch(/ [1-9]\d*$/);
    expect(await metricLine('chelian_frames_rejected_total', 'protocol="watch",reason="deadline"')).toMatch(/ [1-9]\d*$/);
  });

  it('keeps a connection whose frames come slowly but each within the deadline', async () => {
    const frames = gw.stats.frames;
    // Seven bytes a frame, one every 100 ms: each frame complete in 0.7 s of the 2 s.
    const slow = trickle(gw.ports.jt808!, 100, Buffer.from([0x7e, 0x00, 0x02, 0x00, 0x00, 0x01, 0x7e]));
    await eventually(() => gw.stats.frames >= frames + 3, 15_000, 'three slow frames');
    expect(slow.closed).toBe(false);
    slow.socket.destroy();
  });
});

describe('idle is counted from the last complete frame, not the last byte (over TCP)', () => {
  it('closes a connection that sends a byte of junk every 250 ms but never a frame', async () => {
    const junk = trickle(quiet.ports.h02!, 250, Buffer.from('hello world, no frame here '));
    await sleep(1000);
    expect(junk.closed).toBe(false);
    await eventually(() => junk.closed, 15_000, 'the junk trickle closed');
    expect(junk.sent).toBeGreaterThan(4); // it was sending all along
  });
});

describe('the sweep', () => {
  const counters = (): ProtocolCounters => ({ connections: 0, decoded: 0, rejected: new Map() });
  const subject = () => ({
    counters: counters(),
    wireId: '',
    codec: { name: 'jt808' },
    closed: 0,
    close() {
      this.closed++;
    },
  });
  const setup = () => {
    const stats = newGatewayStats();
    const deadlines = new ConnectionDeadlines({ idleMs: 300_000, frameDeadlineMs: 30_000 }, stats, createLogger('silent'));
    deadlines.sweep(1000);
    return { stats, deadlines };
  };

  it('closes an unfinished frame 30 s after its first byte (within a sweep), once, and counts it as a deadline', () => {
    const { stats, deadlines } = setup();
    const s = subject();
    const d = deadlines.watch(s, '127.0.0.1');
    deadlines.sweep(1000);
    d.read(0, 5); // a frame begun at 1 s
    deadlines.sweep(20_000);
    d.read(0, 9); // more of it: the clock still runs from its first byte
    deadlines.sweep(32_000); // its stamp may be a sweep (1 s) early: not yet
    expect(s.closed).toBe(0);
    deadlines.sweep(32_001);
    deadlines.sweep(33_000);
    expect(s.closed).toBe(1);
    expect(stats.frameDeadlines).toBe(1);
    expect(s.counters.rejected.get('deadline')).toBe(1);
    expect(deadlines.size).toBe(0);
  });

  it('restarts the frame clock at each complete frame and when reading is paused', () => {
    const { deadlines } = setup();
    const s = subject();
    const d = deadlines.watch(s, undefined);
    d.read(0, 5);
    deadlines.sweep(25_000);
    d.read(1, 3); // that frame finished; the next one began in the same chunk
    deadlines.sweep(50_000);
    expect(s.closed).toBe(0);
    d.paused(); // the gateway stopped reading: the frame cannot finish, so it is not late
    deadlines.sweep(90_000);
    expect(s.closed).toBe(0);
    d.read(0, 0); // junk only: no frame begun
    deadlines.sweep(200_000);
    expect(s.closed).toBe(0);
  });

  it('closes a connection without a complete frame for the idle time, however many bytes it sent', () => {
    const { stats, deadlines } = setup();
    const s = subject();
    const d = deadlines.watch(s, undefined);
    for (let at = 2000; at <= 301_000; at += 1000) {
      deadlines.sweep(at);
      d.read(0, 0);
    }
    expect(s.closed).toBe(0);
    deadlines.sweep(301_001);
    expect(s.closed).toBe(1);
    expect(stats.frameDeadlines).toBe(0); // idle, not a late frame
  });

  it('sweeps only while a connection is open, and stamps one that comes after a quiet spell with the time it came', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const deadlines = new ConnectionDeadlines({ idleMs: 4000, frameDeadlineMs: 30_000 }, newGatewayStats(), createLogger('silent'));
      deadlines.start();
      expect(vi.getTimerCount()).toBe(0); // nobody to sweep: nothing wakes the gateway
      const first = subject();
      deadlines.watch(first, undefined);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(6000); // silent past the idle time: closed, and the sweep stops with it
      expect(first.closed).toBe(1);
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(600_000);
      const next = subject();
      deadlines.watch(next, undefined);
      vi.advanceTimersByTime(2000); // within its idle time counted from when it came
      expect(next.closed).toBe(0);
      vi.advanceTimersByTime(4000);
      expect(next.closed).toBe(1);
      deadlines.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
