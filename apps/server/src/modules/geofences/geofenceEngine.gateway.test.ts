import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Batch, encodeJt808Location, type Jt808LocationInput } from '@chelian/protocols/jt808/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, connectJt808 } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startGeofenceEngine, type GeofenceEngineHandle } from './geofenceEngine.ts';

/*
 * The engine is fed every fix the gateway commits, not only a batch's newest (which is all the
 * live map gets): a JT/T 808 blind-area upload (0x0704) or a burst of reports that leaves a fence
 * and comes back raises both alarms, though the terminal's newest fix is inside again.
 */
let t: TestServer;
let gw: Gateway;
let fences: GeofenceEngineHandle;
let a: Tenant;
let fenceId = 0;

// A square around Shenzhen's Civic Centre.
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

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const fix = (time: number, at: { lon: number; lat: number }): Jt808LocationInput => ({
  time,
  ...at,
  valid: true,
  speedKmh: 40,
  course: 90,
  altitude: 10,
  acc: true,
});
const fenceAlarms = (vehicleId: number) =>
  t.ctx.db.query<{ type: string; kind: string; alarm_time: Date }>(
    'SELECT al.type, e.kind, al.alarm_time FROM alarms al JOIN geofence_events e ON e.alarm_id = al.id WHERE al.vehicle_id = $1 ORDER BY al.alarm_time',
    [vehicleId],
  );
/** Kind, seconds after `base`, and the 补传 mark of each fence alarm of the vehicle. */
const crossings = async (vehicleId: number, base: number) =>
  (
    await t.ctx.db.query<{ kind: string; alarm_time: Date; late: boolean }>(
      'SELECT e.kind, al.alarm_time, al.late FROM alarms al JOIN geofence_events e ON e.alarm_id = al.id WHERE al.vehicle_id = $1 ORDER BY al.alarm_time, al.id',
      [vehicleId],
    )
  ).map((r) => [r.kind, (r.alarm_time.getTime() - base) / 1000, r.late]);

async function fencedVehicle(plate: string, phone: string) {
  const added = await post('/car/v4/api/vehicle/add.json', { plate, terminalId: phone, protocol: 'jt808' });
  expect(added.flag, added.msg).toBe(1);
  expect(
    await post('/car/v4/api/geofence/bindVehicles.json', { geofenceId: fenceId, vehicleIds: String(added.obj.vehicleId) }),
  ).toMatchObject({ flag: 1 });
  return added.obj.vehicleId as number;
}

/** Sends the frames in one write and waits for as many replies: each comes only after its rows committed, and so after the engine was fed them. */
async function sendAndSettle(term: TestTerminal, frames: Buffer[], replies = frames.length) {
  term.send(Buffer.concat(frames));
  for (let i = 0; i < replies; i++) await term.next(5000);
  await fences.engine.idle();
}

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  fences = startGeofenceEngine(t.ctx); // as server.ts starts it beside the gateway
  a = await createTenant(t, { codes: ['car', 'car:geofence', 'car:geofence:edit', 'car:vehicle', 'car:vehicle:add'] });
  const fence = await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/geofence/add.json',
    payload: JSON.stringify({ name: '市民中心', kind: 'polygon', rings: SQUARE }),
    headers: { 'content-type': 'application/json' },
  });
  fenceId = fence.json().obj.geofenceId;
});
afterAll(async () => {
  fences?.stop();
  await gw?.close();
  await t?.close();
});

describe('fence crossings inside one upload', () => {
  const base = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;

  it('a blind-area batch (0x0704) that goes out of the fence and back raises the exit and the entry alarm', async () => {
    const phone = '013955500001';
    const vehicleId = await fencedVehicle('粤B55501', phone);
    const term = await connectJt808(gw.ports.jt808!, phone);
    try {
      await sendAndSettle(term, [encodeJt808Location({ phone }, 1, fix(base, INSIDE))]); // parked inside: the first state
      // Back in coverage, the terminal uploads what it kept: out for two fixes, then in again.
      const kept = [fix(base + 60_000, INSIDE), fix(base + 120_000, OUTSIDE), fix(base + 180_000, OUTSIDE), fix(base + 240_000, INSIDE)];
      await sendAndSettle(term, encodeJt808Batch({ phone }, 2, kept, 1));
      expect(await fenceAlarms(vehicleId)).toEqual([
        { type: 'geofenceExit', kind: 'exit', alarm_time: new Date(base + 120_000) },
        { type: 'geofenceEnter', kind: 'enter', alarm_time: new Date(base + 240_000) },
      ]);
    } finally {
      term.close();
    }
  });

  it('a burst of reports committed together crosses out and back: both alarms, each once', async () => {
    const phone = '013955500002';
    const vehicleId = await fencedVehicle('粤B55502', phone);
    const term = await connectJt808(gw.ports.jt808!, phone);
    try {
      await sendAndSettle(term, [encodeJt808Location({ phone }, 1, fix(base, INSIDE))]);
      const burst = [OUTSIDE, OUTSIDE, INSIDE].map((at, i) => encodeJt808Location({ phone }, 2 + i, fix(base + (i + 1) * 10_000, at)));
      await sendAndSettle(term, burst);
      expect((await fenceAlarms(vehicleId)).map((r) => r.type)).toEqual(['geofenceExit', 'geofenceEnter']);
      // The same reports again (a terminal that missed the replies resends them): nothing new.
      await sendAndSettle(term, burst);
      expect(await fenceAlarms(vehicleId)).toHaveLength(2);
    } finally {
      term.close();
    }
  });
});

/*
 * Blind-area fixes uploaded after the terminal is live again: the engine judges them where they
 * belong in device time, between the fixes judged before them, and marks what they raise 补传.
 * Times are minutes old at most, so only the upload's own mark (0x0704 type 1) makes them late.
 */
describe('a blind-area upload after live reports', () => {
  const base = Math.floor(Date.now() / 1000) * 1000 - 200_000;
  const live = (phone: string, serial: number, sec: number, at: { lon: number; lat: number }) =>
    encodeJt808Location({ phone }, serial, fix(base + sec * 1000, at));

  it('an exit and return during the blind period raise both, 补传 at their device times; the live stream and a resent upload raise nothing more', async () => {
    const phone = '013955500003';
    const vehicleId = await fencedVehicle('粤B55503', phone);
    const pushed: Array<{ vehicleId: number; type: string; late: boolean; alarmTime: number }> = [];
    const off = t.ctx.bus.subscribe(
      'alarm.>',
      (m: { vehicleId: number; type: string; late: boolean; alarmTime: number }) => void (m.vehicleId === vehicleId && pushed.push(m)),
    );
    const term = await connectJt808(gw.ports.jt808!, phone);
    try {
      await sendAndSettle(term, [live(phone, 1, 0, INSIDE)]);
      await sendAndSettle(term, [live(phone, 2, 160, INSIDE)]); // back in coverage, inside again: nothing to see live
      const kept = [fix(base + 40_000, INSIDE), fix(base + 80_000, OUTSIDE), fix(base + 120_000, OUTSIDE), fix(base + 140_000, INSIDE)];
      const upload = encodeJt808Batch({ phone }, 3, kept, 1);
      await sendAndSettle(term, upload);
      expect(await crossings(vehicleId, base)).toEqual([
        ['exit', 80, true],
        ['enter', 140, true],
      ]);
      expect(pushed.map((a) => [a.type, (a.alarmTime - base) / 1000, a.late])).toEqual([
        ['geofenceExit', 80, true],
        ['geofenceEnter', 140, true],
      ]);

      await sendAndSettle(term, [live(phone, 5, 180, INSIDE), live(phone, 6, 190, INSIDE)]);
      await sendAndSettle(term, upload); // the replies were lost: the terminal sends it again
      expect(await crossings(vehicleId, base)).toHaveLength(2);
      // The live stream leaves the fence later: one live exit, not 补传.
      await sendAndSettle(term, [live(phone, 7, 195, OUTSIDE)]);
      expect(await crossings(vehicleId, base)).toEqual([
        ['exit', 80, true],
        ['enter', 140, true],
        ['exit', 195, false],
      ]);
    } finally {
      off();
      term.close();
    }
  });

  it('an upload in two parts: the return seen only in the second is raised at the next live fix', async () => {
    const phone = '013955500004';
    const vehicleId = await fencedVehicle('粤B55504', phone);
    const term = await connectJt808(gw.ports.jt808!, phone);
    try {
      await sendAndSettle(term, [live(phone, 1, 0, INSIDE)]);
      await sendAndSettle(term, [live(phone, 2, 160, INSIDE)]);
      await sendAndSettle(term, encodeJt808Batch({ phone }, 3, [fix(base + 40_000, INSIDE), fix(base + 80_000, OUTSIDE)], 1));
      await sendAndSettle(term, encodeJt808Batch({ phone }, 4, [fix(base + 120_000, OUTSIDE), fix(base + 140_000, INSIDE)], 1));
      expect(await crossings(vehicleId, base)).toEqual([
        ['exit', 80, true],
        ['enter', 160, true],
      ]);
    } finally {
      term.close();
    }
  });

  it('a vehicle seen outside when live again: one exit, raised live; the upload only says when, and raises nothing', async () => {
    const phone = '013955500005';
    const vehicleId = await fencedVehicle('粤B55505', phone);
    const term = await connectJt808(gw.ports.jt808!, phone);
    try {
      await sendAndSettle(term, [live(phone, 1, 0, INSIDE)]);
      await sendAndSettle(term, [live(phone, 2, 160, OUTSIDE)]);
      await sendAndSettle(
        term,
        encodeJt808Batch({ phone }, 3, [fix(base + 40_000, INSIDE), fix(base + 80_000, OUTSIDE), fix(base + 120_000, OUTSIDE)], 1),
      );
      expect(await crossings(vehicleId, base)).toEqual([['exit', 160, false]]);
    } finally {
      term.close();
    }
  });

  it('an upload sent first, on a new connection, is judged in order: its crossings keep their device times, 补传', async () => {
    const phone = '013955500006';
    const vehicleId = await fencedVehicle('粤B55506', phone);
    let term = await connectJt808(gw.ports.jt808!, phone);
    await sendAndSettle(term, [live(phone, 1, 0, INSIDE)]);
    term.close();
    term = await connectJt808(gw.ports.jt808!, phone);
    try {
      await sendAndSettle(term, encodeJt808Batch({ phone }, 2, [fix(base + 40_000, OUTSIDE), fix(base + 80_000, INSIDE)], 1));
      await sendAndSettle(term, [live(phone, 3, 160, INSIDE)]);
      expect(await crossings(vehicleId, base)).toEqual([
        ['exit', 40, true],
        ['enter', 80, true],
      ]);
    } finally {
      term.close();
    }
  });
});
