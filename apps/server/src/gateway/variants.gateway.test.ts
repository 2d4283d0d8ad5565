/**
 * Frames the way OTHER encoders write them, through the real gateway over TCP: each connection a
 * terminal sending a random mix of its protocol's variants (JT/T 808 2013/2019 headers, 0x0704
 * batches and sub-packages; GT06 0x7878/0x7979 with every GPS packet type; H02 text and binary;
 * watch reports of any maker), cut into random TCP chunks. Every position sent must be stored,
 * once, with the values that were sent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtocolName } from '@chelian/protocols/model.ts';
import { differences, type BuiltFrame, type SentFix } from '@chelian/protocols/fixtures/variants/common.ts';
import { jt808Frames, jt808Message, type Jt808Target } from '@chelian/protocols/fixtures/variants/jt808.ts';
import { gt06Login, gt06Packet, gt06PacketFrame } from '@chelian/protocols/fixtures/variants/gt06.ts';
import { h02Binary, h02Fix, h02V1, h02V4 } from '@chelian/protocols/fixtures/variants/h02.ts';
import { watchFrame, watchReport, WATCH_MAKERS } from '@chelian/protocols/fixtures/variants/watch.ts';
import { codecs } from '@chelian/protocols';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { TestTerminal, eventually, signInJt808 } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

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

interface Connection {
  protocol: ProtocolName;
  terminalId: string;
  /** Frames in the order they go on the wire (a GT06 login first). */
  frames: Buffer[];
  fixes: SentFix[];
}

let serial = 0;
/** A terminal id of the protocol's shape, unique in this file (made per run, shrinks included). */
function nextId(digits: number): string {
  serial++;
  return ('7' + String(serial).padStart(digits - 1, '0')).slice(0, digits);
}

const take = (built: BuiltFrame[]) => ({ frames: built.map((b) => b.bytes), fixes: built.flatMap((b) => b.fixes) });

/** A connection's frames, made when the run starts: ids are fresh each time. */
type Plan = { protocol: ProtocolName; build: () => Connection };

const jt808Connection = fc
  .record({
    is2019: fc.boolean(),
    version: fc.integer({ min: 0, max: 255 }),
    messages: fc.array(jt808Message, { minLength: 1, maxLength: 6 }),
  })
  .map(({ is2019, version, messages }): Plan => ({
    protocol: 'jt808',
    build: () => {
      const target: Jt808Target = { is2019, version, phone: is2019 ? '00000000' + nextId(12) : nextId(12) };
      return { protocol: 'jt808', terminalId: target.phone, ...take(messages.flatMap((m) => jt808Frames({ ...m, target }))) };
    },
  }));

const gt06Connection = fc
  .record({
    login: fc.option(fc.record({ typeId: fc.integer({ min: 0, max: 0xffff }), zoneMinutes: fc.constantFrom(480, -300, 0, 345) })),
    extendedLogin: fc.boolean(),
    packets: fc.array(gt06Packet, { minLength: 1, maxLength: 8 }),
  })
  .map(({ login, extendedLogin, packets }): Plan => ({
    protocol: 'gt06',
    build: () => {
      const imei = nextId(15);
      const built = take(packets.map((p) => gt06PacketFrame(imei, p)));
      return {
        protocol: 'gt06',
        terminalId: imei,
        frames: [gt06Login(imei, 1, login, extendedLogin), ...built.frames],
        fixes: built.fixes,
      };
    },
  }));

const h02Connection = fc
  .record({
    kinds: fc.array(fc.constantFrom('V1', 'V4', 'binary'), { minLength: 1, maxLength: 8 }),
    fixes: fc.array(h02Fix, { minLength: 8, maxLength: 8 }),
    binaryLength: fc.constantFrom(32 as const, 45 as const),
  })
  .map(({ kinds, fixes, binaryLength }): Plan => ({
    protocol: 'h02',
    build: () => {
      const id = nextId(10);
      const built = kinds.map((k, i) =>
        k === 'V1' ? h02V1(id, fixes[i]) : k === 'V4' ? h02V4(id, fixes[i], '080910') : h02Binary(id, fixes[i], binaryLength),
      );
      return { protocol: 'h02', terminalId: id, ...take(built) };
    },
  }));

const watchConnection = fc
  .record({ maker: fc.constantFrom(...WATCH_MAKERS), reports: fc.array(watchReport, { minLength: 1, maxLength: 8 }) })
  .map(({ maker, reports }): Plan => ({
    protocol: 'watch',
    build: () => {
      const id = nextId(10);
      return { protocol: 'watch', terminalId: id, ...take(reports.map((r) => watchFrame(id, { ...r, maker }))) };
    },
  }));

const connection = fc.oneof(jt808Connection, gt06Connection, h02Connection, watchConnection);

interface Row {
  gps_time: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  valid: boolean;
  alarms: string[];
  acc: boolean | null;
  satellites: number | null;
}

const rowsOf = (identifier: string) =>
  t.ctx.db.query<Row>(
    `SELECT p.gps_time, p.lat, p.lon, p.speed, p.course, p.valid, p.alarms, p.acc, p.satellites
       FROM positions p JOIN terminals tm ON tm.id = p.terminal_id WHERE tm.identifier = $1`,
    [identifier],
  );

const order = (a: { time: number; lat: number; lon: number }, b: { time: number; lat: number; lon: number }) =>
  a.time - b.time || a.lat - b.lat || a.lon - b.lon;

/** Sends a connection's frames as one stream cut into chunks of random sizes. */
async function play(c: Connection, cuts: number[]): Promise<TestTerminal> {
  const term = await TestTerminal.connect(gw.ports[c.protocol]!, codecs[c.protocol]);
  // a JT/T 808 terminal registers and authenticates first, as real ones do: before that nothing it sends is stored
  if (c.protocol === 'jt808') await signInJt808(term, c.terminalId);
  const stream = Buffer.concat(c.frames);
  let at = 0;
  for (let i = 0; at < stream.length; i++) {
    const size = cuts[i % cuts.length];
    term.send(stream.subarray(at, at + size));
    at += size;
    if (i % 3 === 2) await new Promise((r) => setTimeout(r, 1));
  }
  return term;
}

describe('gateway: variants from other encoders', () => {
  it('stores every position of a random mix of variants on all four ports, as sent, nothing lost', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(connection, { minLength: 4, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 6 }),
        async (plans, cuts) => {
          const connections = plans.map((p) => p.build());
          const terms = await Promise.all(connections.map((c) => play(c, cuts)));
          try {
            for (const c of connections) {
              const wire = c.frames.map((f) => f.toString('hex')).join(' ');
              const rows = (await eventually(
                async () => {
                  const r = await rowsOf(c.terminalId);
                  return r.length >= c.fixes.length ? r : null;
                },
                15_000,
                `${c.fixes.length} positions of ${c.protocol} ${c.terminalId} from ${wire}`,
              ))!;
              expect(rows, `${c.protocol} ${c.terminalId}: ${wire}`).toHaveLength(c.fixes.length);
              const stored = rows
                .map((r) => ({
                  time: r.gps_time.getTime(),
                  lat: r.lat,
                  lon: r.lon,
                  valid: r.valid,
                  speedKmh: r.speed,
                  course: r.course,
                  alarms: r.alarms,
                  acc: r.acc,
                  satellites: r.satellites ?? undefined,
                }))
                .sort(order);
              const sent = [...c.fixes].sort(order);
              stored.forEach((s, i) => expect(differences(s, sent[i]), `${c.protocol} ${c.terminalId} #${i}: ${wire}`).toEqual([]));
              checked += c.fixes.length;
            }
          } finally {
            for (const term of terms) term.close();
          }
        },
      ),
      // A failing run is reported as it came: shrinking re-sends whole fleets, minutes each.
      { numRuns: 6, endOnFailure: true },
    );
    expect(checked).toBeGreaterThan(0);
  }, 180_000);
});
