// Imports an OpenStreetMap extract as the offline street map (tiles and street-level addresses):
//   npm run map:import -- path/to/extract.osm.pbf
// Same database settings as the server (DATABASE_URL or DATA_DIR). The map being served stays
// until the new one is complete. With PostgreSQL this command loads the database itself; with
// PGlite (one process per data folder) the running server loads the build within seconds — or,
// if no server runs, this command does.
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open.ts';
import { migrate } from '../../db/migrate.ts';
import { readStreetMapState, serverAlive } from './streetMap.files.ts';
import { buildStreetMap, loadStreetMap, recordFailure, type Progress } from './streetMap.import.ts';

const [pbf] = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (!pbf) {
  console.error('用法: npm run map:import -- 数据文件.osm.pbf   （OpenStreetMap 数据，如 Geofabrik 的省级 .osm.pbf）');
  process.exit(2);
}
const config = loadConfig();

const bar: Progress = (percent, phase) => {
  const width = 30;
  const done = Math.round((percent / 100) * width);
  process.stderr.write(`\r[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${String(percent).padStart(3)}%  ${phase}`.padEnd(100));
};

try {
  const started = Date.now();
  const build = await buildStreetMap(pbf, config.dataDir, bar);
  if (config.databaseUrl) {
    await loadInto(build);
  } else {
    // PGlite: the running server loads it (however long it takes to get to it: the database is
    // the server's); with no server marking the folder, open it here
    bar(85, '等待平台载入数据库');
    if (!(await serverLoaded(build))) await loadInto(build);
  }
  process.stderr.write('\n');
  console.log(
    `离线街道地图已就绪（${Math.round((Date.now() - started) / 1000)} 秒）：${JSON.stringify(readStreetMapState(config.dataDir).summary ?? {})}`,
  );
} catch (err) {
  process.stderr.write('\n');
  console.error(recordFailure(config.dataDir, err));
  process.exit(1);
}

async function loadInto(build: string) {
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await loadStreetMap(db, config.dataDir, build, bar);
  } finally {
    await db.close();
  }
}

/**
 * Whether a running server picked the build up, then follows it to the end. It waits as long as a
 * server marks the folder (its jobs role, every 5 s); with none for 30 s, after 15 s, it answers no.
 */
async function serverLoaded(build: string): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    const s = readStreetMapState(config.dataDir);
    if (s.build === build && s.status !== 'staged') {
      bar(s.percent, s.phase);
      if (s.status === 'ready') return true;
      if (s.status === 'failed') throw new Error(s.reason ?? '载入失败');
    } else if (Date.now() - started > 15_000 && !serverAlive(config.dataDir, 30_000)) return false;
    await new Promise((r) => setTimeout(r, 500));
  }
}
