/**
 * With the loop pausing after every turn that read terminal bytes (wakeSharing.ts, its rate band
 * opened to any rate), a fleet signs in, reports and heartbeats as without it: every position is
 * answered only once its row is committed, and every one answered is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jt808Codec, encodeJt808Heartbeat, encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { connectJt808, driveFix as fix } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

let t: TestServer;
let gw: Gateway;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, {
    host: '127.0.0.1',
    ports: { jt808: 0 },
    offlineAfterSeconds: 60,
    wakeSharing: { pauseMs: 5, fromReadsPerSecond: 0 },
  });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const storedTimes = async (phone: string) =>
  (
    await t.ctx.db.query<{ gps_time: Date }>(
      'SELECT p.gps_time FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1',
      [phone],
    )
  ).map((r) => new Date(r.gps_time).getTime());
const replyType = (frame: Buffer) => {
  const decoded = jt808Codec.decode(frame);
  return decoded.ok ? decoded.value.messageType : 'undecodable';
};

describe('the gateway with wake sharing on', () => {
  it('answers each position only after its row is committed, and stores every position it answered', async () => {
    const TERMINALS = 12;
    const REPORTS = 8;
    await Promise.all(
      Array.from({ length: TERMINALS }, async (_, k) => {
        const phone = `0139300000${String(k).padStart(2, '0')}`;
        const term = await connectJt808(gw.ports.jt808!, phone);
        for (let i = 0; i < REPORTS; i++) {
          term.send(encodeJt808Location({ phone }, 10 + i, fix(i)));
          expect(replyType(await term.next())).toBe('0x8001');
          // The answer came: the row is already there.
          expect(await storedTimes(phone)).toContain(fix(i).time);
          term.send(encodeJt808Heartbeat({ phone }, 100 + i));
          expect(replyType(await term.next())).toBe('0x8001');
        }
        expect((await storedTimes(phone)).length).toBe(REPORTS);
        term.close();
      }),
    );
    // The pauses were taken: what passed above passed with them.
    expect(gw.wakes?.stats.pauses).toBeGreaterThan(0);
  });
});
