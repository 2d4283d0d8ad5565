import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionFields } from '../../core/position.presenter.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { geofenceEngineOf, startGeofenceEngine, type GeofenceEngineHandle, type LivePosition } from './geofenceEngine.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
let viewer: Tenant;
let fences: GeofenceEngineHandle;
const codes = ['car', 'car:geofence', 'car:geofence:edit', 'car:vehicle', 'car:vehicle:add'];

const json = (sessionId: string, url: string, body: unknown) =>
  t
    .call(sessionId, { method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    .then((r) => r.json());
const post = (sessionId: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sessionId: string, url: string) => t.call(sessionId, { url }).then((r) => r.json());

/** Fixes as the gateway feeds them after commit (core/positionFeed.ts). */
const feed = (
  t: TestServer,
  terminalId: string,
  vehicleId: number,
  fixes: Array<{ lon: number; lat: number; gpsTime: number; speed?: number }>,
) =>
  t.ctx.positionFeed.publish(
    { identifier: terminalId, vehicleId, plate: null, vehicleName: null, online: true },
    fixes.map((f): PositionFields => ({
      speed: 0,
      course: 0,
      altitude: 0,
      receivedAt: f.gpsTime,
      valid: true,
      acc: null,
      satellites: null,
      mileage: null,
      alarms: [],
      extras: null,
      ...f,
    })),
  );

// A square around Shenzhen's Civic Centre, and a circle of 1 km at the same place.
const SQUARE = [
  [
    [114.05, 22.54],
    [114.07, 22.54],
    [114.07, 22.56],
    [114.05, 22.56],
  ],
];
const INSIDE = { lon: 114.06, lat: 22.55 };
const OUTSIDE = { lon: 114.1, lat: 22.6 };

async function addVehicle(s: Tenant, plate: string, terminalId: string) {
  const res = await post(s.sessionId, '/car/v4/api/vehicle/add.json', { plate, terminalId, protocol: 'jt808' });
  expect(res.flag, res.msg).toBe(1);
  return res.obj.vehicleId as number;
}

beforeAll(async () => {
  t = await createTestServer();
  fences = startGeofenceEngine(t.ctx); // as server.ts starts it beside the gateway
  a = await createTenant(t, { codes });
  b = await createTenant(t, { codes });
  viewer = await createTenant(t, { codes: ['car', 'car:geofence'], parentAccountId: a.accountId });
});
afterAll(() => {
  fences?.stop();
  return t?.close();
});

describe('geofence CRUD', () => {
  it('creates circles and polygons, checks their geometry, and lists them by account', async () => {
    const circle = await json(a.sessionId, '/car/v4/api/geofence/add.json', {
      name: '市民中心',
      kind: 'circle',
      center: [114.06, 22.55],
      radius: 1000,
    });
    expect(circle).toMatchObject({
      flag: 1,
      obj: { name: '市民中心', kind: 'circle', kindName: '圆形', center: [114.06, 22.55], radius: 1000, alarmEnter: true, vehicleIds: [] },
    });
    const closed = [[...SQUARE[0], SQUARE[0][0]]];
    const polygon = await json(a.sessionId, '/car/v4/api/geofence/add.json', {
      name: '福田区方块',
      kind: 'polygon',
      rings: closed,
      alarmEnter: false,
    });
    expect(polygon.obj.rings[0]).toHaveLength(4); // the closing point is dropped
    expect(polygon.obj.alarmEnter).toBe(false);

    const small = await json(a.sessionId, '/car/v4/api/geofence/add.json', { name: '小', kind: 'circle', center: [114, 22], radius: 2 });
    expect(small).toMatchObject({ flag: 0, errorCode: 'geofence.radiusRange', msg: '圆形围栏半径应在 10 米到 500 公里之间' });
    expect(
      await json(a.sessionId, '/car/v4/api/geofence/add.json', {
        name: '线',
        kind: 'polygon',
        rings: [
          [
            [1, 1],
            [2, 2],
          ],
        ],
      }),
    ).toMatchObject({ errorCode: 'geofence.tooFewPoints', msg: '多边形围栏至少需要 3 个顶点' });
    expect(
      await json(a.sessionId, '/car/v4/api/geofence/add.json', {
        name: '外',
        kind: 'polygon',
        rings: [
          [
            [181, 1],
            [2, 2],
            [3, 3],
          ],
        ],
      }),
    ).toMatchObject({ errorCode: 'geofence.outOfRange' });

    const list = await get(a.sessionId, '/car/v4/api/geofence/list.json');
    expect(list.obj.total).toBe(2);
    expect(list.obj.list[0].name).toBe('福田区方块');
    expect((await get(viewer.sessionId, '/car/v4/api/geofence/list.json')).obj.total).toBe(0); // a sub-account does not see its parent's fences
    expect((await get(b.sessionId, '/car/v4/api/geofence/list.json')).obj.total).toBe(0);
    expect(await get(b.sessionId, `/car/v4/api/geofence/detail.json?geofenceId=${circle.obj.geofenceId}`)).toMatchObject({
      errorCode: 'geofence.notVisible',
      msg: '围栏不存在或无权访问',
    });
    expect((await get(a.sessionId, '/car/v4/api/geofence/list.json?keyword=市民')).obj.total).toBe(1);
  });

  it("updates and deletes only the caller's fences; a viewer may not edit", async () => {
    const made = await json(a.sessionId, '/car/v4/api/geofence/add.json', {
      name: '临时',
      kind: 'circle',
      center: [114, 22.5],
      radius: 50,
    });
    const id = made.obj.geofenceId;
    const updated = await json(a.sessionId, '/car/v4/api/geofence/update.json', {
      geofenceId: id,
      name: '临时改',
      kind: 'polygon',
      rings: SQUARE,
      remark: '备注',
    });
    expect(updated.obj).toMatchObject({ name: '临时改', kind: 'polygon', center: null, radius: null, remark: '备注' });
    expect(
      (
        await json(b.sessionId, '/car/v4/api/geofence/update.json', {
          geofenceId: id,
          name: 'x',
          kind: 'circle',
          center: [1, 1],
          radius: 100,
        })
      ).flag,
    ).toBe(0);
    expect(
      (await t.call(viewer.sessionId, { method: 'POST', url: '/car/v4/api/geofence/delete.json', ...form({ geofenceIds: String(id) }) }))
        .statusCode,
    ).toBe(403);
    expect((await post(b.sessionId, '/car/v4/api/geofence/delete.json', { geofenceIds: String(id) })).flag).toBe(0);
    expect((await post(a.sessionId, '/car/v4/api/geofence/delete.json', { geofenceIds: String(id) })).obj.deleted).toBe(1);
  });

  it("attaches the caller's vehicles, never another tenant's", async () => {
    const fence = (
      await json(a.sessionId, '/car/v4/api/geofence/add.json', { name: '挂车', kind: 'circle', center: [114, 22.5], radius: 500 })
    ).obj;
    const mine = await addVehicle(a, '粤B10001', '013800000001');
    const theirs = await addVehicle(b, '粤B20001', '013800000002');
    const bound = await post(a.sessionId, '/car/v4/api/geofence/bindVehicles.json', {
      geofenceId: fence.geofenceId,
      vehicleIds: String(mine),
    });
    expect(bound.obj.vehicleIds).toEqual([mine]);
    expect(bound.obj.vehicleCount).toBe(1);
    expect(
      (await post(a.sessionId, '/car/v4/api/geofence/bindVehicles.json', { geofenceId: fence.geofenceId, vehicleIds: `${mine},${theirs}` }))
        .msg,
    ).toBe('车辆不存在或无权访问');
    expect(
      (await get(a.sessionId, `/car/v4/api/geofence/vehicleFences.json?vehicleId=${mine}`)).obj.map((f: { name: string }) => f.name),
    ).toEqual(['挂车']);
    const unbound = await post(a.sessionId, '/car/v4/api/geofence/unbindVehicles.json', {
      geofenceId: fence.geofenceId,
      vehicleIds: String(mine),
    });
    expect(unbound.obj.vehicleIds).toEqual([]);
  });

  it("watches 智能车联's kinds only: a person's badge is refused, and one bound before kinds were checked is not counted", async () => {
    const fence = (
      await json(a.sessionId, '/car/v4/api/geofence/add.json', { name: '仓库', kind: 'circle', center: [114, 22.5], radius: 500 })
    ).obj;
    const car = await addVehicle(a, '粤B10013', '013800000013');
    const person = await addVehicle(a, '粤B10014', '013800000014');
    await t.ctx.db.query(`UPDATE vehicles SET type = 'badge' WHERE id = $1`, [person]);
    expect(
      await post(a.sessionId, '/car/v4/api/geofence/bindVehicles.json', { geofenceId: fence.geofenceId, vehicleIds: `${car},${person}` }),
    ).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
    await post(a.sessionId, '/car/v4/api/geofence/bindVehicles.json', { geofenceId: fence.geofenceId, vehicleIds: String(car) });
    await t.ctx.db.query(`INSERT INTO geofence_vehicles (geofence_id, vehicle_id) VALUES ($1, $2)`, [fence.geofenceId, person]);
    const detail = (await get(a.sessionId, `/car/v4/api/geofence/detail.json?geofenceId=${fence.geofenceId}`)).obj;
    expect(detail).toMatchObject({ vehicleIds: [car], vehicleCount: 1 });
  });
});

describe('enter and exit alarms', () => {
  it('records the first position, then raises exit and enter alarms once, on the bus too', async () => {
    const vehicleId = await addVehicle(a, '粤B30001', '013800000003');
    const circle = (
      await json(a.sessionId, '/car/v4/api/geofence/add.json', {
        name: '园区',
        kind: 'circle',
        center: [INSIDE.lon, INSIDE.lat],
        radius: 800,
      })
    ).obj;
    const square = (
      await json(a.sessionId, '/car/v4/api/geofence/add.json', { name: '只报离开', kind: 'polygon', rings: SQUARE, alarmEnter: false })
    ).obj;
    for (const f of [circle, square])
      await post(a.sessionId, '/car/v4/api/geofence/bindVehicles.json', { geofenceId: f.geofenceId, vehicleIds: String(vehicleId) });
    const pushed: Array<{ type: string; vehicleId: number }> = [];
    t.ctx.bus.subscribe('alarm.>', (m: { type: string; vehicleId: number }) => pushed.push(m));

    const engine = geofenceEngineOf(t.ctx)!;
    const base = Date.now() - 60_000;
    const at = (i: number, p: { lon: number; lat: number }): LivePosition => ({
      vehicleId,
      ...p,
      speed: 30,
      gpsTime: base + i * 10_000,
      valid: true,
    });
    const send = (p: LivePosition) => feed(t, '013800000003', vehicleId, [p]); // one fix at a time here
    send(at(0, INSIDE)); // parked inside: no event
    send(at(1, INSIDE));
    send(at(2, OUTSIDE)); // leaves both: two exit alarms
    send(at(1, INSIDE)); // late, older report: ignored
    send(at(3, OUTSIDE));
    send(at(4, INSIDE)); // enters both: only the circle alarms on entry
    await new Promise((r) => setTimeout(r, 20));
    await engine.idle();

    const alarms = await t.ctx.db.query<{ type: string; geofence_id: number; kind: string }>(
      'SELECT al.type, e.geofence_id, e.kind FROM alarms al JOIN geofence_events e ON e.alarm_id = al.id WHERE al.vehicle_id = $1 ORDER BY al.alarm_time, e.geofence_id',
      [vehicleId],
    );
    expect(alarms).toEqual([
      { type: 'geofenceExit', geofence_id: circle.geofenceId, kind: 'exit' },
      { type: 'geofenceExit', geofence_id: square.geofenceId, kind: 'exit' },
      { type: 'geofenceEnter', geofence_id: circle.geofenceId, kind: 'enter' },
    ]);
    await new Promise((r) => setTimeout(r, 20));
    expect(pushed.filter((m) => m.vehicleId === vehicleId).map((m) => m.type)).toEqual(['geofenceExit', 'geofenceExit', 'geofenceEnter']);
  });

  it('raises each transition once even when two engines see the same positions', async () => {
    const second = startGeofenceEngine({ db: t.ctx.db, bus: t.ctx.bus, log: t.ctx.log, positionFeed: t.ctx.positionFeed });
    try {
      const vehicleId = await addVehicle(a, '粤B30002', '013800000004');
      const fence = (await json(a.sessionId, '/car/v4/api/geofence/add.json', { name: '双进程', kind: 'polygon', rings: SQUARE })).obj;
      await post(a.sessionId, '/car/v4/api/geofence/bindVehicles.json', { geofenceId: fence.geofenceId, vehicleIds: String(vehicleId) });
      const base = Date.now() - 30_000;
      feed(
        t,
        '013800000004',
        vehicleId,
        [INSIDE, OUTSIDE, INSIDE].map((p, i) => ({ ...p, gpsTime: base + i * 1000 })),
      );
      await new Promise((r) => setTimeout(r, 20));
      await Promise.all([geofenceEngineOf(t.ctx)!.idle(), second.engine.idle()]);
      const n = await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM geofence_events WHERE vehicle_id = $1', [vehicleId]);
      expect(n[0].n).toBe(2);
    } finally {
      second.stop();
    }
  });
});
