/**
 * The live gateway under hostile input: mutated real frames and random bytes on real sockets,
 * a connection flooding valid frames, while a well-behaved terminal keeps reporting. Nothing may
 * crash the process, hang a session, grow memory without bound, or slow the others down.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecs, type ProtocolName } from '@chelian/protocols';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { JT808_VECTORS } from '@chelian/protocols/fixtures/jt808-vectors.ts';
import { GT06_VECTORS } from '@chelian/protocols/fixtures/gt06-vectors.ts';
import { H02_VECTORS } from '@chelian/protocols/fixtures/h02-vectors.ts';
import { WATCH_VECTORS } from '@chelian/protocols/fixtures/watch-vectors.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { TestTerminal, connectJt808 } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

const REAL: Record<ProtocolName, Buffer[]> = {
  jt808: JT808_VECTORS.map((v) => Buffer.from(v.hex, 'hex')),
  gt06: GT06_VECTORS.map((v) => Buffer.from(v.hex, 'hex')),
  h02: H02_VECTORS.map((v) => Buffer.from(v.hex, 'hex')),
  watch: WATCH_VECTORS.map((v) => Buffer.from(v.text, 'latin1')),
};
const PROTOCOLS: ProtocolName[] = ['jt808', 'gt06', 'h02', 'watch'];

let t: TestServer;
let gw: Gateway;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0, h02: 0, watch: 0 }, offlineAfterSeconds: 60 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

/** A well-behaved JT/T 808 terminal: one report, answered within 5 s or the test fails. */
async function canaryRoundTrip(canary: TestTerminal, serial: number): Promise<void> {
  canary.send(
    encodeJt808Location({ phone: '013700000001' }, serial, {
      time: Date.now(),
      lat: 22.5,
      lon: 114,
      valid: true,
      speedKmh: 10,
      course: 0,
      altitude: 0,
    }),
  );
  await canary.next(5000);
}

const chunk = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 600 }).map((b) => Buffer.from(b)),
  fc
    .record({
      protocol: fc.constantFrom(...PROTOCOLS),
      index: fc.nat(),
      flips: fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), { maxLength: 6 }),
      cut: fc.option(fc.nat(), { nil: undefined }),
      repeat: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ protocol, index, flips, cut, repeat }) => {
      const frames = REAL[protocol];
      const frame = Buffer.from(frames[index % frames.length]);
      for (const f of flips) frame[f.at % frame.length] = f.value;
      const piece = cut === undefined ? frame : frame.subarray(0, cut % (frame.length + 1));
      return Buffer.concat(Array(repeat).fill(piece));
    }),
);

describe('gateway fuzz', () => {
  it('survives mutated real frames and random bytes on every port; a normal terminal is unaffected', async () => {
    const canary = await connectJt808(gw.ports.jt808!, '013700000001');
    let serial = 1;
    await canaryRoundTrip(canary, serial++);
    const heapBefore = process.memoryUsage().heapUsed;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PROTOCOLS), fc.array(chunk, { minLength: 1, maxLength: 12 }), async (protocol, chunks) => {
        const attacker = await TestTerminal.connect(gw.ports[protocol]!, codecs[protocol]);
        for (const c of chunks) attacker.send(c);
        await new Promise((r) => setTimeout(r, 5));
        attacker.close();
      }),
      { numRuns: 150 },
    );
    // Every canary report is still answered (next() fails after 5 s without a reply); how fast
    // is a benchmark's business (bench/ingest.bench.ts), not a pass/fail here.
    for (let i = 0; i < 5; i++) await canaryRoundTrip(canary, serial++);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    canary.close();
    // Every attacker's session is gone: nothing lingers holding memory.
    await new Promise((r) => setTimeout(r, 200));
    expect(gw.stats.connections).toBe(0);
  });

  it('keeps a flooding connection from starving the others', async () => {
    const flooder = await connectJt808(gw.ports.jt808!, '013700000002');
    const frames = Array.from({ length: 4000 }, (_, i) =>
      encodeJt808Location({ phone: '013700000002' }, i & 0xffff, {
        time: Date.now() - i * 1000,
        lat: 23,
        lon: 113,
        valid: true,
        speedKmh: 1,
        course: 0,
        altitude: 0,
      }),
    );
    let flooding = true;
    const flood = (async () => {
      // Writes as fast as the socket takes them; TCP backpressure is the only brake.
      for (let i = 0; flooding; i = (i + 1) % frames.length) {
        if (!flooder.socket.write(frames[i])) await new Promise((r) => (flooder.socket.once('drain', r), flooder.socket.once('close', r)));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const canary = await connectJt808(gw.ports.jt808!, '013700000001');
    // The canary's reports ride in the same batches as the flood: each is answered while the
    // flood goes on (next() fails after 5 s without a reply).
    for (let i = 0; i < 20; i++) await canaryRoundTrip(canary, 100 + i);
    expect(flooding).toBe(true);
    flooding = false;
    flooder.close();
    await flood;
    canary.close();
  });
});
