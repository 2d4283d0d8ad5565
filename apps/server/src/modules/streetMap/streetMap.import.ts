import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Db } from '../../db/types.ts';
import type { StreetArea, StreetPlace, StreetRoad } from './streetGeocoder.ts';
import { OSMIUM_FILTER, osmRows, type OsmRow } from './streetMap.osm.ts';
import {
  buildDir,
  geocoderRowsFile,
  newBuildName,
  readStreetMapState,
  switchCurrentBuild,
  tilesDir,
  writeStreetMapState,
} from './streetMap.files.ts';
import { activateBuild, copyAreas, copyPlaces, copyRoads, deleteInactiveBuilds, insertBuild } from './streetMap.queries.ts';

/** Our tilemaker configuration and tag processing (layers, Chinese names): see tilemaker/. */
const TILEMAKER_DIR = path.join(import.meta.dirname, 'tilemaker');

export type Progress = (percent: number, phase: string) => void;

/** A failure the operator can act on: its message is Chinese and says what to do. */
export class StreetMapImportError extends Error {}

export function missingTools(): string[] {
  return ['tilemaker', 'osmium'].filter((tool) => spawnSync(tool, ['--help'], { stdio: 'ignore' }).error);
}

/**
 * Builds the tiles and the geocoder rows of an extract into a new build folder; the served map
 * is untouched. Returns the build's name, then `loadStreetMap` puts it in the database and
 * switches to it. Progress: 0–85 here.
 */
export async function buildStreetMap(pbf: string, dataDir: string, progress: Progress = () => {}): Promise<string> {
  try {
    return await buildInto(pbf, dataDir, progress);
  } catch (err) {
    recordFailure(dataDir, err);
    throw err;
  }
}

async function buildInto(pbf: string, dataDir: string, progress: Progress): Promise<string> {
  const missing = missingTools();
  if (missing.length)
    throw new StreetMapImportError(`缺少工具 ${missing.join('、')}：请先安装（Debian: apt-get install -y tilemaker osmium-tool）`);
  if (!fs.existsSync(pbf) || !fs.statSync(pbf).isFile()) throw new StreetMapImportError(`找不到文件 ${pbf}`);
  if (!/\.pbf$/i.test(pbf)) throw new StreetMapImportError('请提供 OpenStreetMap 的 .osm.pbf 文件（如 Geofabrik 的省级数据）');
  checkReadable(pbf);
  const build = newBuildName();
  fs.mkdirSync(buildDir(dataDir, build), { recursive: true });
  const source = path.basename(pbf);
  const report: Progress = (percent, phase) => {
    writeStreetMapState(dataDir, { status: 'importing', percent, phase, source, build });
    progress(percent, phase);
  };
  try {
    await runTilemaker(pbf, dataDir, build, report);
    await extractRows(pbf, dataDir, build, report);
  } catch (err) {
    fs.rmSync(buildDir(dataDir, build), { recursive: true, force: true });
    throw err;
  }
  writeStreetMapState(dataDir, { status: 'staged', percent: 85, phase: '等待载入数据库', source, build });
  return build;
}

async function runTilemaker(pbf: string, dataDir: string, build: string, progress: Progress) {
  const args = ['--input', pbf, '--output', tilesDir(dataDir, build)];
  args.push('--config', path.join(TILEMAKER_DIR, 'config.json'), '--process', path.join(TILEMAKER_DIR, 'process.lua'));
  const bbox = boundingBox(pbf);
  if (bbox) args.push('--bbox', bbox);
  progress(0, '读取路网数据');
  let reading = 0;
  await run('tilemaker', args, (chunk) => {
    // "Block 12/480" while reading (several passes), "writing tile 1200 of 5000" while writing
    const blocks = [...chunk.matchAll(/Block (\d+)\/(\d+)/g)].at(-1);
    if (blocks) reading = Math.max(reading, Math.round((Number(blocks[1]) / Math.max(1, Number(blocks[2]))) * 30));
    const tiles = [...chunk.matchAll(/writing tile (\d+) of (\d+)/g)].at(-1);
    if (tiles) progress(30 + Math.round((Number(tiles[1]) / Math.max(1, Number(tiles[2]))) * 40), '生成地图瓦片');
    else if (blocks) progress(reading, '读取路网数据');
  });
}

/**
 * osmium reads the file's header in milliseconds; tilemaker, given a file that is not an extract,
 * spends seconds mapping its stores before it fails. Refuse such a file at once, saying why.
 */
function checkReadable(pbf: string) {
  const info = spawnSync('osmium', ['fileinfo', pbf], { encoding: 'utf8' });
  if (info.status !== 0)
    throw new StreetMapImportError(
      `读取失败：不是有效的 OpenStreetMap .osm.pbf 文件（${(info.stderr || info.stdout).trim().split('\n').at(-1) ?? ''}）`,
    );
}

/** tilemaker needs a bounding box; an extract without one in its header gets the data's own. */
function boundingBox(pbf: string): string | null {
  const header = spawnSync('osmium', ['fileinfo', '-g', 'header.boxes', pbf], { encoding: 'utf8' }).stdout.trim();
  if (/\(.+\)/.test(header)) return null;
  const data = spawnSync('osmium', ['fileinfo', '-e', '-g', 'data.bbox', pbf], { encoding: 'utf8' }).stdout.trim();
  const m = /\(([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)\)/.exec(data);
  return m ? m.slice(1).join(',') : null;
}

/** osmium keeps what the geocoder uses and writes it as GeoJSON lines; each becomes rows of geocoder.ndjson. */
async function extractRows(pbf: string, dataDir: string, build: string, progress: Progress) {
  progress(70, '提取道路、行政区和兴趣点');
  const filtered = path.join(buildDir(dataDir, build), 'filtered.osm.pbf');
  await run('osmium', ['tags-filter', pbf, ...OSMIUM_FILTER, '-o', filtered, '--overwrite']);
  const out = fs.createWriteStream(geocoderRowsFile(dataDir, build));
  const child = spawn('osmium', ['export', filtered, '-f', 'geojsonseq', '-x', 'print_record_separator=false', '-o', '-'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr.on('data', (d) => errors.push(String(d)));
  let count = 0;
  for await (const line of readline.createInterface({ input: child.stdout })) {
    if (!line.trim()) continue;
    for (const row of osmRows(JSON.parse(line)))
      if (!out.write(`${JSON.stringify(row)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
    if (++count % 20_000 === 0) progress(75, `提取道路、行政区和兴趣点（${count} 个要素）`);
  }
  const code = await new Promise<number>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('close', resolve)));
  await new Promise((resolve) => out.end(resolve));
  fs.rmSync(filtered, { force: true });
  if (code !== 0) throw new StreetMapImportError(`osmium 导出失败：${errors.join('').trim().slice(-300)}`);
}

/** Runs a tool; its output goes to onOutput; a failure throws with the tool's last words. */
function run(command: string, args: string[], onOutput: (text: string) => void = () => {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const take = (d: Buffer) => {
      const text = String(d);
      tail = (tail + text).slice(-2000);
      onOutput(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => reject(new StreetMapImportError(`无法运行 ${command}：${err.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new StreetMapImportError(`${command} 失败（退出码 ${code}）：${tail.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}

const BATCH = 5_000;

/**
 * Puts a staged build's geocoder rows in the database, makes it the active build and serves its
 * tiles: readers switch from the old build to the new in one statement and one rename.
 * Progress: 85–100.
 */
export async function loadStreetMap(
  db: Db,
  dataDir: string,
  build: string,
  progress: Progress = () => {},
): Promise<{ roads: number; areas: number; places: number }> {
  const state = readStreetMapState(dataDir);
  const source = state.build === build ? (state.source ?? build) : build;
  const report: Progress = (percent, phase) => {
    writeStreetMapState(dataDir, { status: 'importing', percent, phase, source, build });
    progress(percent, phase);
  };
  report(85, '载入数据库');
  const file = geocoderRowsFile(dataDir, build);
  const total = fs.statSync(file).size || 1;
  let read = 0;
  const counts = { roads: 0, areas: 0, places: 0 };
  const buildId = await insertBuild(db, build, source);
  let batch = { roads: [] as StreetRoad[], areas: [] as StreetArea[], places: [] as StreetPlace[] };
  const flush = async () => {
    await copyRoads(db, buildId, batch.roads);
    await copyAreas(db, buildId, batch.areas);
    await copyPlaces(db, buildId, batch.places);
    counts.roads += batch.roads.length;
    counts.areas += batch.areas.length;
    counts.places += batch.places.length;
    batch = { roads: [], areas: [], places: [] };
    report(85 + Math.floor((read / total) * 14), '载入数据库');
  };
  for await (const line of readline.createInterface({ input: fs.createReadStream(file) })) {
    read += Buffer.byteLength(line) + 1;
    const row = JSON.parse(line) as OsmRow;
    if ('road' in row) batch.roads.push(row.road);
    else if ('area' in row) batch.areas.push(row.area);
    else batch.places.push(row.place);
    if (batch.roads.length + batch.areas.length + batch.places.length >= BATCH) await flush();
  }
  await flush();
  await db.tx(async (q) => {
    await activateBuild(q, buildId);
  });
  switchCurrentBuild(dataDir, build);
  await deleteInactiveBuilds(db);
  fs.rmSync(file, { force: true });
  writeStreetMapState(dataDir, { status: 'ready', percent: 100, phase: '已就绪', source, build, summary: counts });
  progress(100, '已就绪');
  return counts;
}

/** Records a failed import for 地图设置; the served map stays as it was. */
export function recordFailure(dataDir: string, err: unknown): string {
  const reason = err instanceof StreetMapImportError ? err.message : `导入失败：${err instanceof Error ? err.message : String(err)}`;
  const state = readStreetMapState(dataDir);
  writeStreetMapState(dataDir, {
    status: 'failed',
    percent: state.percent,
    phase: '导入失败',
    reason,
    source: state.source,
    build: state.build,
  });
  return reason;
}
