/**
 * Simulated e-bikes against the real gateway: they send their 0xF1 status and 0x40 BMS reports,
 * drain while riding and charge while parked, and obey arm, disarm, find, cut and restore sent
 * through the commands API, answering as a GT06 tracker does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '@chelian/server/src/testing/testServer.ts';
import { createTenant, type Tenant } from '@chelian/server/src/testing/fixtures.ts';
import { eventually } from '@chelian/server/src/testing/testTerminal.ts';
import { startGateway, type Gateway } from '@chelian/server/src/gateway/gateway.ts';
import { freshestFix } from '@chelian/server/src/core/freshestFix.ts';
import { batteryQueries } from '@chelian/server/src/modules/ebike/battery.queries.ts';
import { cityByName } from './cities.ts';
import type { EbikeTerminal } from './ebikeTerminal.ts';
import { createTerminal, planTerminals, type FleetOptions } from './fleet.ts';

let t: TestServer;
let gw: Gateway;
let tenant: Tenant;
let rider: EbikeTerminal;
let charger: EbikeTerminal;
const [riding, parked, owned, forgot] = planTerminals({
  count: 4,
  protocol: 'ebike',
  seed: 7,
  cities: [cityByName('杭州') ?? cityByName('深圳')!],
});

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  tenant = await createTenant(t, { codes: 'all' });
  for (const s of [riding, parked, owned, forgot]) {
    const res = await t.call(tenant.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: s.plate!, terminalId: s.id, protocol: 'gt06' }),
    });
    expect(res.json().flag).toBe(1);
  }
  // Small packs, so a few seconds of riding or charging move the state of charge.
  const base: FleetOptions = {
    host: '127.0.0.1',
    ports: gw.ports,
    intervalSeconds: 0.5,
    sleepIntervalSeconds: 1,
    heartbeatSeconds: 5,
    alarmRate: 0,
    reconnectMinMs: 200,
  };
  rider = createTerminal(riding, {
    ...base,
    driver: { startParked: false },
    ebike: { bmsEverySeconds: 1, battery: { capacityMah: 200, socPct: 80 } },
  }) as EbikeTerminal;
  charger = createTerminal(parked, {
    ...base,
    driver: { startParked: true, parkSeconds: [3600, 3600] },
    ebike: { bmsEverySeconds: 1, battery: { capacityMah: 200, socPct: 20 } },
  }) as EbikeTerminal;
  rider.vehicle.driver.speedOverrideKmh = 20;
  rider.start();
  charger.start();
});
afterAll(async () => {
  rider?.stop();
  charger?.stop();
  await gw?.close();
  await t?.close();
});

const db = () => t.ctx.db;
const pkOf = async (id: string) => Number((await db().one<{ id: string }>('SELECT id FROM terminals WHERE identifier = $1', [id]))!.id);
const send = (fields: Record<string, string | number>) =>
  t.call(tenant.sessionId, { method: 'POST', url: '/car/v1/api/command/commandDownBatch.json', ...form(fields) }).then((r) => r.json());
const lastCommand = async (id: string) =>
  (
    (await t.call(tenant.sessionId, { url: `/car/v1/api/command/listCommand.json?terminalId=${id}&pageSize=5` })).json().obj.list as Array<{
      type: string;
      status: string;
      replyText: string;
    }>
  )[0];
const reports = async (id: string) => batteryQueries.between(db(), await pkOf(id), new Date(0), new Date(Date.now() + 60_000));

describe('simulated e-bikes on the real gateway', () => {
  it('an armed bike whose rider disarms with the key fob rides off quietly; one whose rider forgets raises 设防状态ACC开启', async () => {
    const base: FleetOptions = {
      host: '127.0.0.1',
      ports: gw.ports,
      intervalSeconds: 0.5,
      heartbeatSeconds: 5,
      alarmRate: 0,
      reconnectMinMs: 200,
      driver: { startParked: false },
    };
    const careful = createTerminal(owned, { ...base, ebike: { armed: true, riderDisarms: 1 } }) as EbikeTerminal;
    const careless = createTerminal(forgot, { ...base, ebike: { armed: true, riderDisarms: 0 } }) as EbikeTerminal;
    for (const bike of [careful, careless]) {
      bike.vehicle.driver.speedOverrideKmh = 15;
      bike.start();
    }
    try {
      const accAlarms = async (id: string) =>
        Number(
          (await db().one<{ n: string }>("SELECT count(*) AS n FROM alarms WHERE terminal_id = $1 AND type = 'accOnWhileArmed'", [
            await pkOf(id),
          ]))!.n,
        );
      await eventually(async () => (await accAlarms(forgot.id)) === 1, 10_000, "the forgetful rider's alarm");
      await eventually(
        async () => (await batteryQueries.state(db(), await pkOf(owned.id)))?.armed === false,
        10_000,
        'disarmed by the key fob',
      );
      expect(careful.armed).toBe(false);
      expect(await accAlarms(owned.id)).toBe(0);
    } finally {
      careful.stop();
      careless.stop();
    }
  });

  it('report status and BMS; the rider drains its pack, the parked one charges', async () => {
    await eventually(async () => (await reports(riding.id)).length >= 3 && (await reports(parked.id)).length >= 3, 15_000, 'BMS reports');
    const ride = await reports(riding.id);
    expect(ride.at(-1)!.socPct).toBeLessThan(ride[0].socPct);
    expect(ride.at(-1)!.currentA).toBeLessThan(0);
    expect(ride.every((r) => r.implausible.length === 0 && r.cellVolts.length === 13)).toBe(true);
    const charge = await reports(parked.id);
    expect(charge.at(-1)!.socPct).toBeGreaterThan(charge[0].socPct);
    expect(charge.at(-1)!.currentA).toBeGreaterThan(0);
    expect(await batteryQueries.state(db(), await pkOf(parked.id))).toMatchObject({ charging: true, acc: false });
    const latest = await db().one<{ extras: { ebike?: { supplyVolts: number; acc: boolean } } }>(
      `SELECT extras FROM ${freshestFix('$1')} f`,
      [await pkOf(riding.id)],
    );
    expect(latest!.extras.ebike).toMatchObject({ acc: true, armed: false });
    expect(latest!.extras.ebike!.supplyVolts).toBeGreaterThan(40);
  });

  it('obeys arm, find and disarm, answering each', async () => {
    expect((await send({ terminalIds: parked.id, commandType: 'arm' })).obj).toMatchObject({ sent: 1 });
    await eventually(() => charger.armed, 5000, 'armed');
    await eventually(async () => (await lastCommand(parked.id))?.status === 'replied', 5000, 'arm reply');
    expect(await lastCommand(parked.id)).toMatchObject({ type: 'arm', replyText: '远程设防成功（Remote setting up defenses Successful）' });
    await eventually(async () => (await batteryQueries.state(db(), await pkOf(parked.id)))?.armed === true, 5000, 'armed stored');

    await send({ terminalIds: parked.id, commandType: 'find' });
    await eventually(() => charger.finds === 1, 5000, 'horn');
    await send({ terminalIds: parked.id, commandType: 'disarm' });
    await eventually(async () => (await batteryQueries.state(db(), await pkOf(parked.id)))?.armed === false, 5000, 'disarmed stored');
  });

  it('cuts power (the bike coasts to a stop and reports the relay) and restores it', async () => {
    await send({ terminalIds: riding.id, commandType: 'cutOil' });
    await eventually(async () => (await batteryQueries.state(db(), await pkOf(riding.id)))?.powerCut === true, 5000, 'power cut stored');
    const cutAt = Date.now();
    await eventually(
      async () => {
        // The newest fix stored (latest_positions is held back as the server holds it).
        const l = await db().one<{ speed: number; gps_time: Date }>(`SELECT speed, gps_time FROM ${freshestFix('$1')} f`, [
          await pkOf(riding.id),
        ]);
        return l!.speed === 0 && l!.gps_time.getTime() > cutAt;
      },
      10_000,
      'stopped',
    );
    await send({ terminalIds: riding.id, commandType: 'restoreOil' });
    await eventually(async () => (await batteryQueries.state(db(), await pkOf(riding.id)))?.powerCut === false, 5000, 'power restored');
    expect(rider.vehicle.oilCut).toBe(false);
  });

  it('an alarm packet on demand, and an impossible BMS report stored flagged', async () => {
    charger.sendAlarm('fallDown');
    charger.sendBms({ cellVolts: [3.9, 0, 65.535], temperatureC: -200 });
    const pk = await pkOf(parked.id);
    await eventually(
      async () =>
        Number(
          (await db().one<{ n: string }>("SELECT count(*) AS n FROM alarms WHERE terminal_id = $1 AND type = 'fallDown'", [pk]))!.n,
        ) === 1,
      5000,
      'fall-over alarm',
    );
    await eventually(async () => (await batteryQueries.latest(db(), pk))?.temperatureC === -200, 5000, 'odd report');
    expect((await batteryQueries.latest(db(), pk))!.implausible).toEqual(['cells', 'temperature']);
  });
});
