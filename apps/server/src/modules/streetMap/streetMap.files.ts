import fs from 'node:fs';
import path from 'node:path';

/**
 * The street map's files under DATA_DIR/streetmap:
 *   builds/<name>/tiles/{z}/{x}/{y}.pbf   one import's vector tiles (gzip, as tilemaker wrote them)
 *   builds/<name>/geocoder.ndjson         its geocoder rows, until the database holds them
 *   current.json                          the build served, switched by one rename
 *   state.json                            the import's progress, what 地图设置 shows
 * A new import is built beside the served one and switched to at the end, so tiles never stop.
 */
export const streetMapDir = (dataDir: string) => path.join(dataDir, 'streetmap');
export const buildDir = (dataDir: string, build: string) => path.join(streetMapDir(dataDir), 'builds', build);
export const tilesDir = (dataDir: string, build: string) => path.join(buildDir(dataDir, build), 'tiles');
export const geocoderRowsFile = (dataDir: string, build: string) => path.join(buildDir(dataDir, build), 'geocoder.ndjson');

/**
 * none: never imported · importing: running (percent, phase) · staged: built, waiting for the
 * platform to load it into its database (PGlite: the running server does) · ready · failed (reason).
 */
export type StreetMapStatus = 'none' | 'importing' | 'staged' | 'ready' | 'failed';

export interface StreetMapState {
  status: StreetMapStatus;
  /** 0–100 */
  percent: number;
  /** what it is doing, in Chinese */
  phase: string;
  reason?: string;
  /** the extract's file name */
  source?: string;
  build?: string;
  updatedAt: string;
  summary?: { roads: number; areas: number; places: number };
}

/** Writes a whole file or nothing: a reader sees the old content or the new, never half. */
export function writeAtomically(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

export function readStreetMapState(dataDir: string): StreetMapState {
  try {
    return JSON.parse(fs.readFileSync(path.join(streetMapDir(dataDir), 'state.json'), 'utf8')) as StreetMapState;
  } catch {
    return { status: 'none', percent: 0, phase: '未导入', updatedAt: new Date(0).toISOString() };
  }
}

export function writeStreetMapState(dataDir: string, state: Omit<StreetMapState, 'updatedAt'>): void {
  writeAtomically(path.join(streetMapDir(dataDir), 'state.json'), JSON.stringify({ ...state, updatedAt: new Date().toISOString() }));
}

/**
 * A running server's jobs role marks the folder every few seconds: `npm run map:import` on PGlite
 * then waits for that server to load its build, however busy it is, and never opens the database
 * the server holds.
 */
const serverMark = (dataDir: string) => path.join(streetMapDir(dataDir), 'server-alive');
export function markServerAlive(dataDir: string): void {
  fs.mkdirSync(streetMapDir(dataDir), { recursive: true });
  fs.writeFileSync(serverMark(dataDir), String(Date.now()));
}
/** Whether a server marked the folder within the last `withinMs`. */
export function serverAlive(dataDir: string, withinMs: number): boolean {
  try {
    return Date.now() - Number(fs.readFileSync(serverMark(dataDir), 'utf8')) < withinMs;
  } catch {
    return false;
  }
}

export function readCurrentBuild(dataDir: string): string | null {
  try {
    const { build } = JSON.parse(fs.readFileSync(path.join(streetMapDir(dataDir), 'current.json'), 'utf8')) as { build?: unknown };
    return typeof build === 'string' && /^[\w-]+$/.test(build) ? build : null;
  } catch {
    return null;
  }
}

/**
 * Switches the served tiles to the build, then removes builds older than the one it replaced
 * (that one stays until the next import, for requests in flight and pages not yet moved over).
 * Neither the build switched to nor the one replaced is ever removed, whatever their names: two
 * imports named in the same second once sorted the new build before the old, and the switch
 * deleted the very tiles it had just made current (CI's PostgreSQL suite, where a load takes
 * well under a second, saw the new map empty).
 */
export function switchCurrentBuild(dataDir: string, build: string): void {
  const previous = readCurrentBuild(dataDir);
  writeAtomically(path.join(streetMapDir(dataDir), 'current.json'), JSON.stringify({ build }));
  const builds = path.join(streetMapDir(dataDir), 'builds');
  for (const name of fs.readdirSync(builds)) {
    if (name === build || name === previous) continue;
    if (previous && name < previous) fs.rmSync(path.join(builds, name), { recursive: true, force: true });
  }
}

let builtHere = 0;
/**
 * A new build's name: sortable by time to the millisecond, then by a per-process count (a process's
 * later build always sorts after its earlier one); unique, as no two processes share a pid at once.
 */
export const newBuildName = () =>
  `${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 18)}-${process.pid}-${String(++builtHere).padStart(4, '0')}`;
