/**
 * A restart loses no report day (issue 16, item 2): the real server runs as a child process on
 * a private data folder and is stopped and started on it while a JT/T 808 terminal reports over
 * TCP — a drive two days ago, today's reports before and after the restart, and a blind-area
 * batch for yesterday. The restarted server's first pass (the jobs role rolls up at start, and a
 * clean stop waits for it) takes what the first one left; the pass after (run here on the data
 * folder, as the next start would) completes the rest: every day holds everything sent.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { encodeJt808Batch, encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { openDatabase } from '../../db/open.ts';
import { prepareServer, spawnServer, waitReady, type ServerProcess, type ServerSetup } from '../../testing/serverProcess.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { rollupPending } from './rollup.service.ts';

let setup: ServerSetup | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await setup?.cleanup();
});

interface Fix {
  time: number;
  lat: number;
  lon: number;
  speed: number;
}

/** Due north at 36 km/h, a fix every 10 s (0.001° ≈ 111 m). */
const north = (from: number, count: number, lat: number): Fix[] =>
  Array.from({ length: count }, (_, i) => ({
    time: from + i * 10_000,
    lat: Math.round((lat + i * 0.001) * 1e6) / 1e6,
    lon: 114.05,
    speed: 36,
  }));
const fix = (f: Fix) => ({ time: f.time, lat: f.lat, lon: f.lon, valid: true, speedKmh: f.speed, course: 0, altitude: 0 });

async function start() {
  server = spawnServer(setup!);
  await waitReady(server, setup!.ports);
}

/** A clean stop: the jobs role's pass under way finishes, the gateway writes what it acknowledged. */
async function stop() {
  server!.child.kill('SIGTERM');
  await server!.exited;
}

async function send(frames: Buffer[]) {
  const term = await connectJt808(setup!.ports.jt808, '013862000001');
  term.send(...frames);
  for (let i = 0; i < frames.length; i++) await term.next(10_000); // each answered once stored
  term.close();
}

describe('a server restart', () => {
  it('loses no day: each day holds everything sent before and after the restart', async () => {
    setup = await prepareServer();
    const phone = { phone: '013862000001' }; // never registered: unassigned, its whole history counts
    const now = Date.now();
    const today = beijingDayOf(now);
    const twoDaysAgo = north(Date.parse(`${addDays(today, -2)}T08:00:00+08:00`), 121, 22.5);
    const yesterday = north(Date.parse(`${addDays(today, -1)}T09:00:00+08:00`), 50, 22.6);
    // Today's last 20 minutes (starting no earlier than today's first minute), in two halves.
    const from = Math.max(now - 20 * 60_000, Date.parse(`${today}T00:00:00+08:00`));
    const todays = north(from, Math.max(2, Math.floor((now - from) / 10_000)), 22.7);
    const half = Math.ceil(todays.length / 2);

    await start();
    let serial = 1;
    await send([...twoDaysAgo, ...todays.slice(0, half)].map((f) => encodeJt808Location(phone, serial++, fix(f))));
    await stop();

    await start(); // its first pass: the day two days ago, and today's first half
    await send(todays.slice(half).map((f) => encodeJt808Location(phone, serial++, fix(f))));
    const batches: Buffer[] = [];
    for (let i = 0; i < yesterday.length; i += 25)
      batches.push(...encodeJt808Batch(phone, serial++, yesterday.slice(i, i + 25).map(fix), 1));
    await send(batches); // blind-area upload of yesterday, after today's reports
    await stop();

    const db = await openDatabase({ databaseUrl: setup.env.DATABASE_URL || undefined, dataDir: setup.env.DATA_DIR! });
    try {
      // The restarted server's first pass took everything sent before the restart (and maybe some of what came after).
      const [{ n: counted }] = await db.query<{ n: number }>(`SELECT COALESCE(sum(position_count), 0)::int AS n FROM daily_terminal_stats`);
      expect(counted).toBeGreaterThanOrEqual(twoDaysAgo.length + half);
      await rollupPending(db); // the next pass, as the next start's
      const rows = await db.query<{ day: string; mileage_km: number; position_count: number }>(
        `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.mileage_km, s.position_count FROM daily_terminal_stats s
           JOIN terminals t ON t.id = s.terminal_id WHERE t.identifier_key = '13862000001' ORDER BY s.day`,
      );
      const km = (fixes: Fix[]) =>
        fixes.slice(1).reduce((sum, f, i) => sum + distanceMeters([fixes[i].lon, fixes[i].lat], [f.lon, f.lat]), 0) / 1000;
      const expected = [
        { day: addDays(today, -2), km: km(twoDaysAgo), count: twoDaysAgo.length },
        { day: addDays(today, -1), km: km(yesterday), count: yesterday.length },
        { day: today, km: km(todays), count: todays.length },
      ];
      expect(rows.map((r) => ({ day: r.day, count: r.position_count }))).toEqual(expected.map((e) => ({ day: e.day, count: e.count })));
      rows.forEach((r, i) => expect(Math.abs(r.mileage_km - expected[i].km), r.day).toBeLessThanOrEqual(0.005 * expected[i].km + 1e-9));
    } finally {
      await db.close();
    }
  }, 240_000);
});
