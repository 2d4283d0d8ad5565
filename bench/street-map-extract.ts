// A generated OpenStreetMap extract of a province's density, for the import's speed (issue 34: a
// 300 MB province extract within 15 minutes on 2 cores, or the figure on a generated extract of
// similar density). No download: the data is made here and written with osmium.
//   node --import tsx bench/street-map-extract.ts --km 315 --out /tmp/province.osm.pbf [--urban 0.3]
// --km: the side of the square; --urban: the share of 10 km cells that are city, the rest countryside.
// Density (what a planet extract has: ~9 bytes of .osm.pbf per node with metadata, ~1 way per 9 nodes):
//   city, per km²: a street every 250 m both ways cut into ~1 km ways with a node every 25 m, 150
//     buildings (4-corner rings), 30 named POIs, 40 house numbers;
//   countryside, per km²: a road every 1 km both ways, 10 buildings, 2 POIs; a river and a park or lake
//     now and then;
//   admin boundaries: a district (level 6) every 20 km, a town (level 8) every 5 km, as relations.
// At --km 315, --urban 0.3: ~38 M nodes and ~5 M ways, the counts of a ~300 MB province extract.
// Prints JSON (nodes, ways, relations, MB, seconds) on stdout.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rng } from './support/rng.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const KM = Number(arg('km', '315'));
const URBAN = Number(arg('urban', '0.3'));
const OUT = arg('out', path.join(os.tmpdir(), `street-map-province-${KM}km.osm.pbf`));
const [WEST, SOUTH] = [110.0, 21.0];
const DEG_LAT = 1 / 110.574; // per km
const DEG_LON = 1 / (111.32 * Math.cos(((SOUTH + KM / 220) * Math.PI) / 180));
const CELL = 10; // km

/** OPL escapes (space, comma, equals, at, percent, newline); Chinese is written as is. */
const esc = (s: string) => s.replace(/[ ,=@%\n]/g, (c) => `%${c.charCodeAt(0).toString(16)}%`);
const tags = (t: Record<string, string>) =>
  Object.entries(t)
    .map(([k, v]) => `${esc(k)}=${esc(v)}`)
    .join(',');

/** Buffered line writer to a file descriptor. */
function writer(fd: number) {
  let buf = '';
  return {
    line(s: string) {
      buf += s;
      buf += '\n';
      if (buf.length > 1 << 22) {
        fs.writeSync(fd, buf);
        buf = '';
      }
    },
    flush() {
      fs.writeSync(fd, buf);
      buf = '';
    },
  };
}

const started = performance.now();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'street-map-extract-'));
const files = { nodes: path.join(tmp, 'n.opl'), ways: path.join(tmp, 'w.opl'), relations: path.join(tmp, 'r.opl') };
const nodesFd = fs.openSync(files.nodes, 'w');
const waysFd = fs.openSync(files.ways, 'w');
const relationsFd = fs.openSync(files.relations, 'w');
const nodesOut = writer(nodesFd);
const waysOut = writer(waysFd);
const relationsOut = writer(relationsFd);
const rnd = rng(34);
const users = ['mapper1', '地图志愿者', 'osm_gd', 'city_edits', 'roadfixer'];
// metadata as a Geofabrik extract carries it (version, changeset, timestamp, user)
const meta = () => {
  const u = Math.floor(rnd() * users.length);
  const day = 1 + Math.floor(rnd() * 28);
  return `v${1 + Math.floor(rnd() * 5)} dV c${1_000_000 + Math.floor(rnd() * 9_000_000)} t2024-0${1 + (day % 9)}-${String(day).padStart(2, '0')}T08:00:00Z i${u + 1} u${esc(users[u])}`;
};
let nextNode = 1;
let nextWay = 1;
let nextRelation = 1;
const node = (lon: number, lat: number, t?: Record<string, string>) => {
  const id = nextNode++;
  nodesOut.line(`n${id} ${meta()} T${t ? tags(t) : ''} x${lon.toFixed(7)} y${lat.toFixed(7)}`);
  return id;
};
const way = (points: Array<[number, number]>, t: Record<string, string>, closed = false) => {
  const ids = points.map(([lon, lat]) => node(lon, lat));
  if (closed) ids.push(ids[0]);
  const id = nextWay++;
  waysOut.line(`w${id} ${meta()} T${tags(t)} N${ids.map((n) => `n${n}`).join(',')}`);
  return id;
};
const lonAt = (km: number) => WEST + km * DEG_LON;
const latAt = (km: number) => SOUTH + km * DEG_LAT;
const ring = (x: number, y: number, wKm: number, hKm: number): Array<[number, number]> => [
  [lonAt(x), latAt(y)],
  [lonAt(x + wKm), latAt(y)],
  [lonAt(x + wKm), latAt(y + hKm)],
  [lonAt(x), latAt(y + hKm)],
];
const classes = ['primary', 'secondary', 'tertiary', 'residential', 'residential', 'residential', 'service', 'tertiary'];

/** Streets of one cell: lines `every` km apart both ways, cut into ~1 km ways, a node every 25 m. */
function streets(cx: number, cy: number, every: number) {
  const lines = Math.round(CELL / every);
  for (let i = 0; i < lines; i++) {
    const highway = every >= 1 ? ['secondary', 'tertiary', 'unclassified'][i % 3] : classes[i % classes.length];
    const offset = (i + 0.5) * every;
    for (let seg = 0; seg < CELL; seg++) {
      const ew: Array<[number, number]> = [];
      const ns: Array<[number, number]> = [];
      for (let k = 0; k <= 40; k++) {
        const along = seg + k / 40;
        const wobble = (rnd() - 0.5) * 0.01;
        ew.push([lonAt(cx + along), latAt(cy + offset + wobble)]);
        ns.push([lonAt(cx + offset + wobble), latAt(cy + along)]);
      }
      way(ew, { highway, name: `东西${cx / CELL}-${cy / CELL}-${i}路`, surface: 'asphalt' });
      way(ns, { highway, name: `南北${cx / CELL}-${cy / CELL}-${i}街`, ...(i % 4 === 0 ? { oneway: 'yes' } : {}) });
    }
  }
}

const poiKinds: Array<[string, string]> = [
  ['shop', 'convenience'],
  ['amenity', 'restaurant'],
  ['amenity', 'bank'],
  ['shop', 'supermarket'],
  ['amenity', 'school'],
  ['office', 'company'],
  ['tourism', 'hotel'],
  ['amenity', 'fuel'],
];

for (let cx = 0; cx < KM; cx += CELL)
  for (let cy = 0; cy < KM; cy += CELL) {
    const urban = rnd() < URBAN;
    streets(cx, cy, urban ? 0.25 : 1);
    const perKm2 = urban ? { buildings: 150, pois: 30, houses: 40 } : { buildings: 10, pois: 2, houses: 0 };
    for (let x = cx; x < cx + CELL; x++)
      for (let y = cy; y < cy + CELL; y++) {
        for (let b = 0; b < perKm2.buildings; b++) {
          const size = 0.01 + rnd() * 0.02;
          way(
            ring(x + rnd() * 0.97, y + rnd() * 0.97, size, size * (0.6 + rnd() * 0.8)),
            { building: rnd() < 0.8 ? 'yes' : 'residential' },
            true,
          );
        }
        for (let p = 0; p < perKm2.pois; p++) {
          const [k, v] = poiKinds[p % poiKinds.length];
          node(lonAt(x + rnd()), latAt(y + rnd()), { name: `${v === 'convenience' ? '便利店' : '商户'}${x}-${y}-${p}`, [k]: v });
        }
        for (let h = 0; h < perKm2.houses; h++)
          node(lonAt(x + rnd()), latAt(y + rnd()), {
            'addr:housenumber': String(1 + h * 2),
            'addr:street': `东西${cx / CELL}-${cy / CELL}-${Math.floor((y - cy) * 4)}路`,
          });
      }
    // a river across the cell, a park or a lake
    if (rnd() < 0.4) {
      const river: Array<[number, number]> = [];
      for (let k = 0; k <= 200; k++) river.push([lonAt(cx + k / 20), latAt(cy + 5 + Math.sin(k / 15) * 2)]);
      way(river, { waterway: 'river', name: `${cx / CELL}-${cy / CELL}河` });
    }
    if (rnd() < 0.6) {
      const big: Record<string, string> =
        rnd() < 0.5 ? { leisure: 'park', name: `公园${cx}-${cy}` } : { natural: 'water', name: `湖${cx}-${cy}` };
      way(ring(cx + rnd() * 8, cy + rnd() * 8, 0.5 + rnd(), 0.5 + rnd()), big, true);
    }
  }

/** Administrative boundaries: one closed outer way each, a node every 50 m along it. */
function boundary(x: number, y: number, size: number, level: number, name: string) {
  const pts: Array<[number, number]> = [];
  const steps = Math.round(size * 20);
  for (let k = 0; k < steps; k++) pts.push([lonAt(x + (k / steps) * size), latAt(y)]);
  for (let k = 0; k < steps; k++) pts.push([lonAt(x + size), latAt(y + (k / steps) * size)]);
  for (let k = 0; k < steps; k++) pts.push([lonAt(x + size - (k / steps) * size), latAt(y + size)]);
  for (let k = 0; k < steps; k++) pts.push([lonAt(x), latAt(y + size - (k / steps) * size)]);
  const outer = way(pts, {}, true);
  relationsOut.line(
    `r${nextRelation++} ${meta()} T${tags({ type: 'boundary', boundary: 'administrative', admin_level: String(level), name })} Mw${outer}@outer`,
  );
}
for (let x = 0; x < KM; x += 20) for (let y = 0; y < KM; y += 20) boundary(x, y, Math.min(20, KM - x), 6, `第${x / 20}-${y / 20}区`);
for (let x = 0; x < KM; x += 5) for (let y = 0; y < KM; y += 5) boundary(x, y, Math.min(5, KM - x), 8, `${x / 5}-${y / 5}镇`);

nodesOut.flush();
waysOut.flush();
relationsOut.flush();
for (const fd of [nodesFd, waysFd, relationsFd]) fs.closeSync(fd);
const generatedS = (performance.now() - started) / 1000;

// nodes, then ways, then relations, as a sorted extract is; osmium writes the .osm.pbf with its bbox header
const bbox = `${WEST},${SOUTH},${lonAt(KM)},${latAt(KM)}`;
const writing = performance.now();
await new Promise<void>((resolve, reject) => {
  const child = spawn('osmium', ['cat', '-F', 'opl', '-', '-o', OUT, '--overwrite', '--output-header', `bbox=${bbox}`], {
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  child.on('error', reject);
  child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`osmium cat exited ${code}`))));
  (async () => {
    for (const f of [files.nodes, files.ways, files.relations])
      for await (const chunk of fs.createReadStream(f, { highWaterMark: 1 << 20 }))
        if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
    child.stdin.end();
  })().catch(reject);
});
fs.rmSync(tmp, { recursive: true, force: true });
console.log(
  JSON.stringify({
    out: OUT,
    km2: KM * KM,
    urbanShare: URBAN,
    nodes: nextNode - 1,
    ways: nextWay - 1,
    relations: nextRelation - 1,
    pbfMb: Number((fs.statSync(OUT).size / 1e6).toFixed(1)),
    bytesPerNode: Number((fs.statSync(OUT).size / (nextNode - 1)).toFixed(1)),
    seconds: { generate: Number(generatedS.toFixed(1)), osmium: Number(((performance.now() - writing) / 1000).toFixed(1)) },
  }),
);
