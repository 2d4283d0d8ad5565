// The street map's database load alone (loadStreetMap's COPY of geocoder rows, streetMap.queries.ts):
// 200 000 places and 40 000 roads (41 points each) copied four times into one PGlite, CPU seconds per
// round. --disk: PGlite on disk, as the server and `npm run map:import` open it with DATA_DIR; without
// it, in memory, as the test server's database (the one bench/street-map.bench.ts imports into).
//   npm run bench -- street-map-dbload [--disk]
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyPlaces, copyRoads, insertBuild } from '../apps/server/src/modules/streetMap/streetMap.queries.ts';
const N = 200_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'street-map-dbload-'));
const db = process.argv.includes('--disk') ? await openPglite(dir) : await openPglite(undefined);
await migrate(db);
const t = { ctx: { db }, close: () => db.close() };
const cpu = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return +((u.user + u.system) / 1e6).toFixed(2);
};
const lines: string[] = [];
for (let i = 0; i < N; i++)
  lines.push(
    JSON.stringify({ place: { kind: 'poi', name: `商户${i}-${i % 97}`, street: null, lon: 110 + i / N, lat: 21 + (i % 1000) / 1000 } }),
  );
const roadLines: string[] = [];
for (let i = 0; i < N / 5; i++)
  roadLines.push(JSON.stringify({ road: { name: `东西${i}路`, coords: Array.from({ length: 82 }, (_, k) => 110 + (i + k) / 1e5) } }));
let c = process.cpuUsage();
const places = lines.map((l) => JSON.parse(l).place);
const roads = roadLines.map((l) => JSON.parse(l).road);
const out: Record<string, number> = { parseCpuS: cpu(c) };
const run = async (label: string, batch: number) => {
  const id = await insertBuild(t.ctx.db, `exp-${label}-${Date.now()}`, 'x');
  c = process.cpuUsage();
  for (let i = 0; i < places.length; i += batch) await copyPlaces(t.ctx.db, id, places.slice(i, i + batch));
  out[`${label}PlacesCpuS`] = cpu(c);
  c = process.cpuUsage();
  for (let i = 0; i < roads.length; i += batch) await copyRoads(t.ctx.db, id, roads.slice(i, i + batch));
  out[`${label}RoadsCpuS`] = cpu(c);
};
await run('a', 5000);
await run('b', 5000);
await run('c', 5000);
await run('c2', 5000);
console.log(JSON.stringify({ disk: process.argv.includes('--disk'), rows: { places: N, roads: N / 5 }, ...out }));
await t.close();
fs.rmSync(dir, { recursive: true, force: true });
