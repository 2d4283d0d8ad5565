import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';

let t: TestServer;
let gw: Gateway;
let admin: string;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  admin = await t.login();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: '粤B70001', terminalId: '13870000001', protocol: 'jt808' }),
  });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const T0 = Date.UTC(2026, 4, 1, 0, 0, 0);

describe('lastPositions.json', () => {
  it('answers the latest position of the terminals the caller may see', async () => {
    const owned = await connectJt808(gw.ports.jt808!, '013870000001');
    const stock = await connectJt808(gw.ports.jt808!, '013870000099');
    owned.send(
      encodeJt808Location({ phone: '013870000001' }, 1, {
        time: T0,
        lat: 23.1,
        lon: 113.3,
        valid: true,
        speedKmh: 50,
        course: 180,
        altitude: 20,
        acc: true,
        mileageKm: 1234.5,
      }),
      encodeJt808Location({ phone: '013870000001' }, 2, {
        time: T0 + 10_000,
        lat: 23.2,
        lon: 113.4,
        valid: true,
        speedKmh: 60,
        course: 90,
        altitude: 21,
        acc: true,
        alarms: ['overspeed'],
      }),
      // An older report arriving late never replaces the newer one.
      encodeJt808Location({ phone: '013870000001' }, 3, {
        time: T0 - 60_000,
        lat: 1,
        lon: 1,
        valid: true,
        speedKmh: 0,
        course: 0,
        altitude: 0,
      }),
    );
    stock.send(
      encodeJt808Location({ phone: '013870000099' }, 1, { time: T0, lat: 30, lon: 120, valid: true, speedKmh: 0, course: 0, altitude: 0 }),
    );
    for (let i = 0; i < 3; i++) await owned.next();
    await stock.next();

    const mine = await get(a.sessionId, '/car/v4/api/monitor/lastPositions.json?terminalIds=13870000001');
    expect(mine.obj).toEqual([
      expect.objectContaining({
        terminalId: '013870000001',
        plate: '粤B70001',
        lat: 23.2,
        lon: 113.4,
        speed: 60,
        direction: 90,
        altitude: 21,
        gpsTime: T0 + 10_000,
        online: true,
        acc: true,
        valid: true,
        alarms: ['overspeed'],
        alarmNames: ['终端超速报警'],
        mileage: 1234.5,
      }),
    ]);
    expect((await get(a.sessionId, '/car/v4/api/monitor/lastPositions.json')).obj.map((p: { terminalId: string }) => p.terminalId)).toEqual(
      ['013870000001'],
    );
    expect((await get(b.sessionId, '/car/v4/api/monitor/lastPositions.json')).obj).toEqual([]);
    expect((await get(b.sessionId, '/car/v4/api/monitor/lastPositions.json?terminalIds=013870000001,013870000099')).obj).toEqual([]);
    // The platform administrator also sees the unassigned terminal.
    const all = await get(admin, '/car/v4/api/monitor/lastPositions.json?limit=10');
    expect(all.obj.map((p: { terminalId: string }) => p.terminalId).sort()).toEqual(['013870000001', '013870000099']);
    owned.close();
    stock.close();
  });
});
