// The offline street map (docs/maps.md): import time of a generated extract, reverse geocoding
// throughput and batch latency, and tile latency through the platform's HTTP server.
//   npm run bench -- street-map [--km 40] [--points 200000] [--tiles 3000] [--nice -10] [--pbf FILE] [--only import|tiles]
// --km: the side of the generated square, in km (80: 6 400 km² of city-density streets, a 7.6 MB .osm.pbf).
// --fifo (root): the tile loop's threads run SCHED_FIFO, ahead of every ordinary process, as on a quiet
// machine: bounded (the loop's --tiles requests, a few seconds) and the kernel keeps 5 % of each second
// for the rest. What remains of the p99 then is the server's own.
// --only import loads the rows into PGlite on disk, as the server does with DATA_DIR.
// --pbf: import this extract instead (e.g. bench/street-map-extract.ts's province); --km then only bounds
// the random points. --only import: the import alone (wall and CPU per phase); --only tiles: no geocoding.
// Needs tilemaker and osmium-tool (apt-get install -y tilemaker osmium-tool). Prints JSON.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { osmXmlToPbf, writeOsmXml, type OsmFixture } from '../apps/server/src/modules/streetMap/streetMap.fixture.ts';
import { buildStreetMap, loadStreetMap } from '../apps/server/src/modules/streetMap/streetMap.import.ts';
import { StreetGeocoder } from '../apps/server/src/modules/streetMap/streetGeocoder.ts';
import { activeBuild, loadBuild } from '../apps/server/src/modules/streetMap/streetMap.queries.ts';
import { offlineStreetProvider, streetGeocoderStore } from '../apps/server/src/modules/streetMap/streetMap.provider.ts';
import { rng } from './support/rng.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const KM = arg('km', 40);
const POINTS = arg('points', 200_000);
const NICE = arg('nice', 0);
const TILES = arg('tiles', 3_000);
const strArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PBF = strArg('pbf');
const ONLY = strArg('only');
const FIFO = process.argv.includes('--fifo');
const [WEST, SOUTH] = [113.5, 22.5];
const DEG_LAT = 1 / 110.574; // per km
const DEG_LON = 1 / (111.32 * Math.cos((SOUTH * Math.PI) / 180));

/**
 * City density: a street every 250 m both ways (a node every ~50 m, slightly wavy), 60 buildings,
 * 15 named POIs and 20 house numbers per km², a district every 10 km, water and parks.
 */
function generate(km: number): OsmFixture {
  const rnd = rng(34);
  const f: Required<OsmFixture> = {
    bounds: [WEST, SOUTH, WEST + km * DEG_LON, SOUTH + km * DEG_LAT],
    streets: [],
    pois: [],
    houses: [],
    areas: [],
    boundaries: [],
  };
  const classes = ['primary', 'secondary', 'tertiary', 'residential', 'residential', 'residential', 'service', 'tertiary'];
  const lines = Math.round(km * 4);
  for (let i = 0; i <= lines; i++) {
    const highway = classes[i % classes.length];
    const ew: Array<[number, number]> = [];
    const ns: Array<[number, number]> = [];
    for (let k = 0; k <= km * 20; k++) {
      const wobble = (rnd() - 0.5) * 0.02;
      ew.push([WEST + (k / 20) * DEG_LON, SOUTH + (i / 4 + wobble) * DEG_LAT]);
      ns.push([WEST + (i / 4 + wobble) * DEG_LON, SOUTH + (k / 20) * DEG_LAT]);
    }
    f.streets.push({ name: `东西${i}路`, highway, points: ew }, { name: `南北${i}街`, highway, points: ns });
  }
  for (let cx = 0; cx < km; cx++)
    for (let cy = 0; cy < km; cy++) {
      const at = (): [number, number] => [WEST + (cx + rnd()) * DEG_LON, SOUTH + (cy + rnd()) * DEG_LAT];
      for (let b = 0; b < 60; b++) {
        const [x, y] = at();
        const s = 0.015;
        f.areas.push({
          tags: { building: 'yes' },
          ring: [
            [x, y],
            [x + s * DEG_LON, y],
            [x + s * DEG_LON, y + s * DEG_LAT],
            [x, y + s * DEG_LAT],
          ],
        });
      }
      for (let p = 0; p < 15; p++) f.pois.push({ name: `商店${cx}-${cy}-${p}`, tag: ['shop', 'convenience'], at: at() });
      for (let h = 0; h < 20; h++) f.houses.push({ number: String(1 + h * 2), street: `东西${cy * 4}路`, at: at() });
      if (rnd() < 0.05) {
        const [x, y] = at();
        const s = 0.3;
        const leisure: Record<string, string> =
          rnd() < 0.5 ? { leisure: 'park', name: `公园${cx}-${cy}` } : { natural: 'water', name: `湖${cx}-${cy}` };
        f.areas.push({
          tags: leisure,
          ring: [
            [x, y],
            [x + s * DEG_LON, y],
            [x + s * DEG_LON, y + s * DEG_LAT],
            [x, y + s * DEG_LAT],
          ],
        });
      }
    }
  for (let dx = 0; dx < km; dx += 10)
    for (let dy = 0; dy < km; dy += 10) {
      const [w, s] = [WEST + dx * DEG_LON, SOUTH + dy * DEG_LAT];
      const [e, n] = [WEST + Math.min(km, dx + 10) * DEG_LON, SOUTH + Math.min(km, dy + 10) * DEG_LAT];
      f.boundaries.push({
        name: `第${dx / 10}-${dy / 10}区`,
        level: 6,
        ring: [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
        ],
      });
    }
  return f;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (v: number, digits = 1) => Number(v.toFixed(digits));
// CPU time as well as wall time: on a shared machine the wall clock mostly measures the queue for a core
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
/** CPU seconds of this process's finished children (tilemaker, osmium), from /proc/self/stat's cutime + cstime. */
const childCpuSeconds = () => {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-street-bench-'));
const t = await createTestServer();
try {
  let started = performance.now();
  let pbf = PBF;
  let bounds: [number, number, number, number] = [WEST, SOUTH, WEST + KM * DEG_LON, SOUTH + KM * DEG_LAT];
  if (!pbf) {
    const xml = path.join(work, 'extract.osm');
    writeOsmXml(xml, generate(KM));
    osmXmlToPbf(xml, `${xml}.pbf`);
    fs.rmSync(xml);
    pbf = `${xml}.pbf`;
  } else {
    const header = execSync(`osmium fileinfo -g header.boxes ${pbf}`).toString();
    const m = /\(([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)\)/.exec(header);
    if (m) bounds = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  }
  const pbfMb = fs.statSync(pbf).size / 1e6;
  const generateS = (performance.now() - started) / 1000;

  // the import's phases: wall, this process's CPU (row extraction, database) and its tools' CPU (tilemaker, osmium)
  const phases: Record<string, { wallS: number; cpuS: number; toolsCpuS: number }> = {};
  let phase = { name: '', at: performance.now(), cpu: process.cpuUsage(), tools: childCpuSeconds() };
  const endPhase = () => {
    if (phase.name)
      phases[phase.name] = {
        wallS: round((performance.now() - phase.at) / 1000),
        cpuS: round(cpuSeconds(phase.cpu)),
        toolsCpuS: round(childCpuSeconds() - phase.tools),
      };
  };
  const onProgress = (_percent: number, text: string) => {
    const name = text.replace(/（.*$/, '');
    if (name === phase.name) return;
    endPhase();
    phase = { name, at: performance.now(), cpu: process.cpuUsage(), tools: childCpuSeconds() };
  };
  // --only import loads into PGlite on disk, as `npm run map:import` and the server do with DATA_DIR; the test
  // server's in-memory PGlite slows as its tables grow (npm run bench -- street-map-dbload)
  let importDb = t.ctx.db;
  if (ONLY === 'import') {
    fs.mkdirSync(path.join(work, 'db'));
    importDb = await openPglite(path.join(work, 'db'));
    await migrate(importDb);
  }
  const loadBefore = os.loadavg()[0];
  started = performance.now();
  const cpuBefore = process.cpuUsage();
  const toolsBefore = childCpuSeconds();
  const build = await buildStreetMap(pbf, t.config.dataDir, onProgress);
  const buildS = (performance.now() - started) / 1000;
  started = performance.now();
  const counts = await loadStreetMap(importDb, t.config.dataDir, build, onProgress);
  if (importDb !== t.ctx.db) await importDb.close();
  endPhase();
  const loadS = (performance.now() - started) / 1000;
  const importCpu = { node: round(cpuSeconds(cpuBefore)), tools: round(childCpuSeconds() - toolsBefore) };
  const tilesOnDisk = Number(execSync(`find ${t.config.dataDir}/streetmap/builds/${build}/tiles -name '*.pbf' | wc -l`).toString());
  const result: Record<string, unknown> = {
    extract: { km2: KM * KM, pbfMb: round(pbfMb), generateS: round(generateS), ...counts, tiles: tilesOnDisk },
    importS: { tilesAndRows: round(buildS), database: round(loadS), total: round(buildS + loadS) },
    importCpuS: { ...importCpu, total: round(importCpu.node + importCpu.tools) },
    importPhases: phases,
    importLoad: [round(loadBefore), round(os.loadavg()[0])],
  };

  const rnd = rng(7);
  const [w, s, e, n] = bounds;
  const pts = Array.from({ length: Math.max(POINTS, TILES) }, () => ({ lon: w + rnd() * (e - w), lat: s + rnd() * (n - s) }));

  if (ONLY !== 'import' && ONLY !== 'tiles') {
    started = performance.now();
    const rows = await loadBuild(t.ctx.db, (await activeBuild(t.ctx.db))!.id);
    const readS = (performance.now() - started) / 1000;
    started = performance.now();
    const geocoder = new StreetGeocoder(rows.roads, rows.areas, rows.places);
    const indexS = (performance.now() - started) / 1000;

    // throughput: the index alone, then the provider's text (the shipped province/city lookup included)
    started = performance.now();
    let cpu = process.cpuUsage();
    let named = 0;
    for (const p of pts.slice(0, POINTS)) if (geocoder.lookup(p.lon, p.lat).road) named++;
    const lookupsPerS = POINTS / ((performance.now() - started) / 1000);
    const lookupsPerCpuS = POINTS / cpuSeconds(cpu);
    const provider = offlineStreetProvider(streetGeocoderStore(t.ctx.db));
    await provider.lookup(pts.slice(0, 50)); // loads the store and the shipped boundaries
    started = performance.now();
    cpu = process.cpuUsage();
    for (let i = 0; i < POINTS; i += 10_000) await provider.lookup(pts.slice(i, Math.min(POINTS, i + 10_000)));
    const textsPerS = POINTS / ((performance.now() - started) / 1000);
    const textsPerCpuS = POINTS / cpuSeconds(cpu);
    const batchMs: number[] = [];
    cpu = process.cpuUsage();
    for (let i = 0; i < 2_000; i++) {
      const at = performance.now();
      await provider.lookup(pts.slice((i * 50) % POINTS, ((i * 50) % POINTS) + 50));
      batchMs.push(performance.now() - at);
    }
    const batchCpuMs = (cpuSeconds(cpu) * 1000) / 2_000;
    batchMs.sort((a, b) => a - b);
    Object.assign(result, {
      geocoderLoadS: { readRows: round(readS), index: round(indexS) },
      lookupsPerSecond: { wall: Math.round(lookupsPerS), perCpuSecond: Math.round(lookupsPerCpuS) },
      addressTextsPerSecond: { wall: Math.round(textsPerS), perCpuSecond: Math.round(textsPerCpuS) },
      onARoad: round(named / POINTS, 2),
      batchOf50Ms: { p50: round(percentile(batchMs, 50), 3), p99: round(percentile(batchMs, 99), 3), cpuMean: round(batchCpuMs, 3) },
    });
  }

  if (ONLY !== 'import') result.tileMs = await tileLoop(build, pts);
  console.log(
    JSON.stringify({ ...result, node: process.version, cpus: os.cpus().length, load: os.loadavg().map((l) => round(l)) }, null, 1),
  );
} finally {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
}

/**
 * Tiles over keep-alive HTTP as MapLibre asks for them (the style's URL names the build: `v`), random
 * z12–14 tiles of the area (some empty: 204), one at a time. The client reads the gzip bytes as sent
 * and does not unzip them (a browser unzips in its network process, not in the server's).
 * Each request is timed by the server itself, from its arrival to its reply's last byte handed to the
 * socket: wall, and the process's CPU in that time (nothing else of the process runs then but V8's
 * GC threads). A request whose wall time is far above its CPU time waited for a core (machine load);
 * one a GC pause overlapped is counted as such (PerformanceObserver 'gc' entries).
 */
async function tileLoop(build: string, pts: Array<{ lon: number; lat: number }>) {
  const requests: Array<{ at: number; ms: number; cpuMs: number }> = [];
  t.app.server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith('/car/v1/api/streetMap/tile')) return;
    const at = performance.now();
    const cpu = process.cpuUsage();
    res.once('finish', () => requests.push({ at, ms: performance.now() - at, cpuMs: cpuSeconds(cpu) * 1000 }));
  });
  const gcs: Array<{ at: number; ms: number; kind: number }> = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      gcs.push({ at: entry.startTime, ms: entry.duration, kind: (entry as { detail?: { kind?: number } }).detail?.kind ?? 0 });
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
          let n = 0;
          res.on('data', (d: Buffer) => (n += d.byteLength));
          res.on('end', () => resolve(n));
        })
        .on('error', reject);
    });
  const tileOf = (lon: number, lat: number, z: number) => {
    const n = 2 ** z;
    const r = (lat * Math.PI) / 180;
    return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)];
  };
  const tileMs: number[] = [];
  let bytes = 0;
  // --nice -10 (root): the tile loop alone runs ahead of the machine's other work, a stand-in for a
  // quiet machine; on a shared one the p99 is otherwise the kernel's time slice of someone else's job
  if (NICE !== 0) os.setPriority(NICE);
  if (FIFO) execSync(`chrt -a -f -p 1 ${process.pid}`);
  const cpu = process.cpuUsage();
  const loopStarted = performance.now();
  loopDelay.enable();
  for (let i = 0; i < TILES; i++) {
    const z = [12, 13, 14, 14, 14][i % 5];
    const [x, y] = tileOf(pts[i].lon, pts[i].lat, z);
    const at = performance.now();
    bytes += await get(`/car/v1/api/streetMap/tile?z=${z}&x=${x}&y=${y}&v=${build}`);
    tileMs.push(performance.now() - at);
  }
  loopDelay.disable();
  const loopS = (performance.now() - loopStarted) / 1000;
  const tileCpuMs = (cpuSeconds(cpu) * 1000) / TILES;
  if (NICE !== 0) os.setPriority(0);
  if (FIFO) execSync(`chrt -a -o -p 0 ${process.pid}`);
  agent.destroy();
  gcObserver.disconnect();
  tileMs.sort((a, b) => a - b);
  const server = requests.map((r) => r.ms).sort((a, b) => a - b);
  const serverCpu = requests.map((r) => r.cpuMs).sort((a, b) => a - b);
  // what the slowest 1 % of the server's requests are made of
  const slowest = [...requests].sort((a, b) => b.ms - a.ms).slice(0, Math.max(1, Math.round(requests.length / 100)));
  const overlapsGc = (r: { at: number; ms: number }) => gcs.some((g) => g.at < r.at + r.ms && g.at + g.ms > r.at);
  const withGc = slowest.filter(overlapsGc);
  const mostlyWaiting = slowest.filter((r) => !overlapsGc(r) && r.cpuMs < r.ms / 2);
  const gcMs = gcs.map((g) => g.ms).sort((a, b) => a - b);
  return {
    p50: round(percentile(tileMs, 50), 2),
    p99: round(percentile(tileMs, 99), 2),
    serverP50: round(percentile(server, 50), 2),
    serverP99: round(percentile(server, 99), 2),
    serverCpuP50: round(percentile(serverCpu, 50), 2),
    serverCpuP99: round(percentile(serverCpu, 99), 2),
    // the slowest 1 %: how many a GC pause overlapped, how many spent under half their wall time on a core (waited)
    slowest1pct: {
      count: slowest.length,
      minMs: round(slowest.at(-1)?.ms ?? 0, 2),
      withGc: withGc.length,
      waitedNoGc: mostlyWaiting.length,
      cpuMsMean: round(slowest.reduce((sum, r) => sum + r.cpuMs, 0) / slowest.length, 2),
    },
    gc: {
      count: gcs.length,
      p50: round(percentile(gcMs, 50) ?? 0, 2),
      max: round(gcMs.at(-1) ?? 0, 2),
      perSecond: round(gcs.length / loopS, 1),
    },
    eventLoopDelayP99: round(loopDelay.percentile(99) / 1e6, 2),
    cpuMean: round(tileCpuMs, 2),
    meanKb: round(bytes / TILES / 1024),
    count: TILES,
    nice: NICE,
    fifo: FIFO,
  };
}
