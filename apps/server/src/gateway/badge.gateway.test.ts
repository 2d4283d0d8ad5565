/** A GT06 work badge's Bluetooth clock-in (0xB2) through the real gateway: stored, then answered. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Login, encodeGt06BluetoothClock, encodeGt06Ack } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { TestTerminal } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

let t: TestServer;
let gw: Gateway;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

describe('GT06 badge beacons over TCP', () => {
  it('stores each 0xB2 clock-in before acknowledging it', async () => {
    const imei = '868120145299001';
    const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    term.send(encodeGt06Login(imei, 1));
    await term.next();
    const time = Date.UTC(2026, 10, 25, 0, 58, 30);
    const sighting = {
      time,
      clock: 'in' as const,
      rssi: -67,
      mac: 'c1:00:00:00:00:02',
      uuid: 'fda50693-a4e2-4fb1-afcf-c6eb07647825',
      major: 10001,
      minor: 2,
      battery: 86,
    };
    term.send(encodeGt06BluetoothClock(sighting, 2));
    expect(await term.next()).toEqual(encodeGt06Ack(0xb2, 2, false));
    // The acknowledgement came: the row is committed.
    const rows = await t.ctx.db.query<{
      at: Date;
      clock: string;
      mac: string;
      uuid: string;
      major: number;
      minor: number;
      rssi: number;
      battery: number;
    }>(
      'SELECT b.at, b.clock, b.mac, b.uuid, b.major, b.minor, b.rssi, b.battery FROM badge_beacon_events b JOIN terminals t ON t.id = b.terminal_id WHERE t.identifier = $1',
      [imei],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].at.getTime()).toBe(time);
    expect(rows[0]).toMatchObject({
      clock: 'in',
      mac: 'c1:00:00:00:00:02',
      uuid: sighting.uuid,
      major: 10001,
      minor: 2,
      rssi: -67,
      battery: 86,
    });
    term.close();
  });
});
