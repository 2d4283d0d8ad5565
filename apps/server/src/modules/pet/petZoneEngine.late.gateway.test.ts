/**
 * 宠物卫士 safe zones and a collar's blind-area upload (watch UD2) that comes after its live
 * reports, over real TCP: the exit and return it shows are raised 补传 at their device times, at
 * the fixes the edge smoothing confirms them; the same upload again, or one stray fix outside,
 * raises nothing; the live stream goes on from the newest fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCodec, encodeWatchLink, encodeWatchReport } from '@chelian/protocols/watch/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { ingestQueries } from '../../gateway/ingest.queries.ts';
import { storedPosition } from '../../testing/storedPosition.ts';
import { startPetZoneEngine, type PetZoneEngineHandle } from './petZoneEngine.ts';

let t: TestServer;
let gw: Gateway;
let engine: PetZoneEngineHandle;
let a: Tenant;
const api = '/pet/v1/api';
const HOME = { lon: 114.0579, lat: 22.5431 };
const M_LAT = 1 / 111_320;
const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  engine = startPetZoneEngine(t.ctx);
  a = await createTenant(t, { codes: 'all' });
});
afterAll(async () => {
  engine?.stop();
  await gw?.close();
  await t?.close();
});

/** A collar on a pet with a 100 m home circle, both alarms on. */
async function collar(id: string) {
  expect((await post('/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'watch' })).flag).toBe(1);
  const petId = (await post(`${api}/pet/save.json`, { name: `小白${id.slice(-2)}`, imei: id })).obj.petId;
  expect((await post(`${api}/pet/zoneSave.json`, { petId, name: '家', kind: 'circle', ...HOME, radiusMeters: 100 })).flag).toBe(1);
  const term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
  return term;
}

describe('a blind-area upload after live reports', () => {
  // Whole seconds (the watch sends them), minutes old at most: only UD2 makes the upload 补传.
  const base = Math.floor(Date.now() / 1000) * 1000 - 230_000;
  /** A report `sec` seconds after base, `north` metres north of home. */
  const report = (id: string, type: 'UD' | 'UD2', sec: number, north: number) =>
    encodeWatchReport(id, type, {
      time: base + sec * 1000,
      lon: HOME.lon,
      lat: HOME.lat + north * M_LAT,
      valid: true,
      battery: 80,
      steps: 0,
      tumbles: 0,
      accuracy: 10,
    });
  /** Sends the frames and a heartbeat in one write: its echo comes once all of them committed, and were fed to the engine. */
  const sendAndSettle = async (term: TestTerminal, id: string, frames: Buffer[]) => {
    term.send(Buffer.concat([...frames, encodeWatchLink(id)]));
    while (!(await term.next(5000)).toString().includes('LK'));
    await engine.settle();
  };
  /** Type, seconds after base and the 补传 mark of the collar's zone alarms. */
  const zoneAlarms = async (id: string) =>
    (
      await t.ctx.db.query<{ type: string; alarm_time: Date; late: boolean }>(
        `SELECT al.type, al.alarm_time, al.late FROM alarms al JOIN terminals tm ON tm.id = al.terminal_id
        WHERE tm.identifier = $1 AND al.type IN ('petZoneExit', 'petZoneEnter') ORDER BY al.alarm_time, al.id`,
        [id],
      )
    ).map((r) => [r.type, (r.alarm_time.getTime() - base) / 1000, r.late]);

  it('an exit and return while out of coverage raise both, 补传 at the confirming fixes; the upload again raises nothing', async () => {
    const id = '9100000961';
    const term = await collar(id);
    try {
      await sendAndSettle(term, id, [report(id, 'UD', 0, 10)]); // home: the first state
      await sendAndSettle(term, id, [report(id, 'UD', 220, 20)]); // back in coverage, home again: nothing live
      // What it kept: out at 80 s (one fix: not yet confirmed), out again at 100 s (the exit), back at 140 s and 160 s (the return).
      const upload = [
        [40, 10],
        [80, 200],
        [100, 220],
        [140, 30],
        [160, 10],
      ].map(([sec, north]) => report(id, 'UD2', sec!, north!));
      await sendAndSettle(term, id, upload);
      expect(await zoneAlarms(id)).toEqual([
        ['petZoneExit', 100, true],
        ['petZoneEnter', 160, true],
      ]);

      await sendAndSettle(term, id, upload); // the collar sends it again
      expect(await zoneAlarms(id)).toHaveLength(2);
      // The live stream goes on from the newest fix: it leaves later, one live exit.
      await sendAndSettle(term, id, [report(id, 'UD', 225, 300), report(id, 'UD', 228, 310)]);
      expect(await zoneAlarms(id)).toEqual([
        ['petZoneExit', 100, true],
        ['petZoneEnter', 160, true],
        ['petZoneExit', 228, false],
      ]);
    } finally {
      term.close();
    }
  });

  it('one stray fix outside in the upload raises nothing (the smoothing holds for late fixes)', async () => {
    const id = '9100000962';
    const term = await collar(id);
    try {
      await sendAndSettle(term, id, [report(id, 'UD', 0, 10)]);
      await sendAndSettle(term, id, [report(id, 'UD', 220, 20)]);
      await sendAndSettle(
        term,
        id,
        [
          [40, 10],
          [80, 250],
          [100, 15],
          [140, 115],
        ].map(([sec, north]) => report(id, 'UD2', sec!, north!)),
      );
      expect(await zoneAlarms(id)).toEqual([]);
    } finally {
      term.close();
    }
  });

  it('an upload in two parts: the return seen in the second is raised once, where it was confirmed', async () => {
    const id = '9100000963';
    const term = await collar(id);
    try {
      await sendAndSettle(term, id, [report(id, 'UD', 0, 10)]);
      await sendAndSettle(term, id, [report(id, 'UD', 220, 20)]);
      await sendAndSettle(term, id, [report(id, 'UD2', 40, 10), report(id, 'UD2', 80, 200)]);
      expect(await zoneAlarms(id)).toEqual([]); // one fix out: not confirmed
      await sendAndSettle(term, id, [report(id, 'UD2', 100, 220), report(id, 'UD2', 140, 30), report(id, 'UD2', 160, 10)]);
      expect(await zoneAlarms(id)).toEqual([
        ['petZoneExit', 100, true],
        ['petZoneEnter', 160, true],
      ]);
    } finally {
      term.close();
    }
  });

  it("an upload after a dense hour (1 200 stored fixes before it, as in lost mode) is read round the upload, not from the hour's start", async () => {
    const id = '9100000965';
    const term = await collar(id);
    try {
      const [{ pk }] = await t.ctx.db.query<{ pk: number }>('SELECT id AS pk FROM terminals WHERE identifier = $1', [id]);
      const home = { lon: HOME.lon, lat: HOME.lat + 10 * M_LAT, speed: 0, acc: false };
      await ingestQueries.copyPositions(
        t.ctx.db,
        Array.from({ length: 1200 }, (_, i) => storedPosition({ terminalPk: Number(pk), gpsTime: base - 3_400_000 + i * 2500, ...home })),
      );
      await sendAndSettle(term, id, [report(id, 'UD', 0, 10)]);
      await sendAndSettle(term, id, [report(id, 'UD', 220, 20)]);
      await sendAndSettle(
        term,
        id,
        [
          [80, 200],
          [100, 220],
          [140, 30],
          [160, 10],
        ].map(([sec, north]) => report(id, 'UD2', sec!, north!)),
      );
      expect(await zoneAlarms(id)).toEqual([
        ['petZoneExit', 100, true],
        ['petZoneEnter', 160, true],
      ]);
    } finally {
      term.close();
    }
  });

  it('an upload sent first on a new connection, older than what another connection fed: judged late all the same', async () => {
    const id = '9100000964';
    let term = await collar(id);
    await sendAndSettle(term, id, [report(id, 'UD', 0, 10)]);
    await sendAndSettle(term, id, [report(id, 'UD', 220, 20)]);
    term.close();
    term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    try {
      await sendAndSettle(
        term,
        id,
        [
          [80, 200],
          [100, 220],
          [140, 30],
          [160, 10],
        ].map(([sec, north]) => report(id, 'UD2', sec!, north!)),
      );
      expect(await zoneAlarms(id)).toEqual([
        ['petZoneExit', 100, true],
        ['petZoneEnter', 160, true],
      ]);
    } finally {
      term.close();
    }
  });
});
