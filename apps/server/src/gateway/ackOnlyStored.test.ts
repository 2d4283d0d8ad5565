import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { h02Codec, encodeH02Location } from '@chelian/protocols/h02/index.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { TestTerminal } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

let t: TestServer;
let gw: Gateway;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0, h02: 0 }, offlineAfterSeconds: 60 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const positionCount = async (identifier: string) =>
  Number(
    (
      await t.ctx.db.one<{ n: number }>(
        'SELECT count(*) AS n FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1',
        [identifier],
      )
    )?.n ?? 0,
  );
const T0 = Date.UTC(2026, 2, 1, 2, 0, 0);
const fix = (i: number, extra: object = {}) => ({
  time: T0 + i * 10_000,
  lat: 22.543096,
  lon: 114.057865,
  valid: true,
  speedKmh: 36,
  course: 90,
  altitude: 12,
  ...extra,
});

/** A location that stores nothing is not acknowledged: the terminal keeps it and sends it again, or drops it itself. */
describe('only what is stored is acknowledged', () => {
  it('H02: an unparseable V1 sentence gets no reply; the good ones round it do', async () => {
    const imei = '865205030330077';
    const term = await TestTerminal.connect(gw.ports.h02!, h02Codec);
    const v4 = new RegExp(`^\\*HQ,${imei},V4,V1,\\d{14}#$`);
    term.send(encodeH02Location(imei, fix(0)));
    expect((await term.next()).toString('latin1')).toMatch(v4);
    term.send(Buffer.from(`*HQ,${imei},V1,not,a,position,at,all#`, 'latin1'));
    term.send(encodeH02Location(imei, fix(1)));
    expect((await term.next()).toString('latin1')).toMatch(v4);
    // Two replies for the two stored, none for the sentence between them.
    expect(await term.silentFor(1500)).toBe(true);
    expect(await positionCount(imei)).toBe(2);
    term.close();
  });

  it('GT06: a location whose fix cannot be stored (latitude 95°) gets no reply', async () => {
    const imei = '868120145233677';
    const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    term.send(encodeGt06Login(imei, 1));
    await term.next();
    term.send(encodeGt06Location(fix(0, { lat: 95 }), 2));
    term.send(encodeGt06Location(fix(1), 3));
    await term.next(); // the good one's, after its commit
    expect(await term.silentFor(1500)).toBe(true);
    expect(await positionCount(imei)).toBe(1);
    term.close();
  });
});
