/**
 * Watch battery and step counts survive reports without a fix: an LK heartbeat and a UD without
 * a place each store a terminal_status_reports row (the LK echoed only once it is stored), and a
 * report with a fix stores one too, at the device's time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCodec, encodeWatchLink, encodeWatchReport } from '@chelian/protocols/watch/index.ts';
import { createTestServer, form, type TestServer } from '../testing/testServer.ts';
import { createTenant } from '../testing/fixtures.ts';
import { TestTerminal, eventually } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

let t: TestServer;
let gw: Gateway;
const ID = '9100000931';
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  const a = await createTenant(t, { codes: 'all' });
  const added = await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: '粤B90931', terminalId: ID, protocol: 'watch' }),
  });
  expect(await added.json()).toMatchObject({ flag: 1 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const reportsOf = () =>
  t.ctx.db.query<{
    at: Date;
    kind: string;
    battery: number | null;
    steps: string | null;
    roll: string | null;
    extras: Record<string, unknown>;
  }>(
    `SELECT r.at, r.kind, r.battery, r.steps::text AS steps, r.roll::text AS roll, r.extras FROM terminal_status_reports r
       JOIN terminals t ON t.id = r.terminal_id WHERE t.identifier = $1 ORDER BY r.id`,
    [ID],
  );

describe('watch status reports', () => {
  it('stores LK heartbeats and fixless UD reports with their battery and steps', async () => {
    const term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    term.send(encodeWatchLink(ID, { steps: 1200, tumbles: 3, battery: 77 }));
    expect((await term.next()).toString()).toBe(`[3G*${ID}*0002*LK]`);
    // Answered only after the commit: the row is there already.
    expect(await reportsOf()).toEqual([expect.objectContaining({ kind: 'LK', battery: 77, steps: '1200', roll: '3' })]);

    const T0 = Date.UTC(2026, 10, 25, 2, 0, 0);
    term.send(
      encodeWatchReport(ID, 'UD', {
        time: T0,
        lat: 0,
        lon: 0,
        valid: false,
        battery: 76,
        steps: 1500,
        tumbles: 4,
        cells: [{ mcc: 460, mnc: 0, lac: 1, cellId: 2, rssi: -70 }],
      }),
    );
    term.send(
      encodeWatchReport(ID, 'UD', { time: T0 + 60_000, lat: 22.54, lon: 114.05, valid: true, battery: 75, steps: 1600, tumbles: 4 }),
    );
    await eventually(async () => (await reportsOf()).length === 3, 3000, 'UD reports stored');
    const [, fixless, fixed] = await reportsOf();
    expect(fixless).toMatchObject({ kind: 'UD', battery: 76, steps: '1500', roll: '4', extras: { locationSource: 'lbs' } });
    expect(fixless.at.getTime()).toBe(T0);
    expect(fixed).toMatchObject({ kind: 'UD', battery: 75, steps: '1600', extras: { fix: true } });
    expect(fixed.at.getTime()).toBe(T0 + 60_000);
    term.close();
  });
});
