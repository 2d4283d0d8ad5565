// Reverse geocoding throughput: 1 000 000 uniformly random WGS-84 points in China's bounding
// box (so also Mongolia, Korea, Russia, Central Asia and open sea), one process, one thread.
// Prints JSON. Run: node --import tsx bench/geocode.bench.ts
import { loadReverseGeocoder } from '../packages/geo/src/index.ts';
import { rng } from './support/rng.ts';

const POINTS = 1_000_000;
const CHINA_BBOX = { west: 73.5, south: 18.1, east: 135.1, north: 53.6 };

/** Deterministic points (bench/support/rng.ts), so runs compare like with like. */
function randomPoints(count: number, seed: number): Float64Array {
  const next = rng(seed);
  const points = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    points[2 * i] = CHINA_BBOX.west + next() * (CHINA_BBOX.east - CHINA_BBOX.west);
    points[2 * i + 1] = CHINA_BBOX.south + next() * (CHINA_BBOX.north - CHINA_BBOX.south);
  }
  return points;
}

const loadStart = performance.now();
const geocoder = await loadReverseGeocoder();
const loadMs = performance.now() - loadStart;
const points = randomPoints(POINTS, 20240601);

function run(): { ms: number; inChina: number; abroad: number; none: number } {
  let inChina = 0;
  let abroad = 0;
  let none = 0;
  const start = performance.now();
  for (let i = 0; i < POINTS; i++) {
    const result = geocoder.lookup(points[2 * i], points[2 * i + 1]);
    if (!result) none++;
    else if (result.province) inChina++;
    else abroad++;
  }
  return { ms: performance.now() - start, inChina, abroad, none };
}

run(); // warm-up: let the JIT settle before measuring
// The median of several runs, so one noisy neighbour on the machine does not set the figure.
const runs = Array.from({ length: 5 }, run).sort((a, b) => a.ms - b.ms);
const measured = runs[Math.floor(runs.length / 2)];
console.log(
  JSON.stringify({
    benchmark: 'reverse-geocode',
    points: POINTS,
    lookupsPerSecond: Math.round(POINTS / (measured.ms / 1000)),
    elapsedMs: Math.round(measured.ms),
    runs: runs.length,
    fastestLookupsPerSecond: Math.round(POINTS / (runs[0].ms / 1000)),
    loadMs: Math.round(loadMs),
    resolvedInChina: measured.inChina,
    resolvedAbroad: measured.abroad,
    noRegion: measured.none,
    cellsAnsweredWithoutPolygonTest: geocoder.coveredShare,
    node: process.version,
  }),
);
