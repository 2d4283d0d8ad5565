import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDir, markServerAlive, newBuildName, readCurrentBuild, serverAlive, switchCurrentBuild, tilesDir } from './streetMap.files.ts';

let dataDir: string;
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function madeBuild(name: string) {
  fs.mkdirSync(path.join(tilesDir(dataDir, name), '14'), { recursive: true });
  return name;
}

describe('street map builds on disk', () => {
  it('never removes the build it switches to, even one whose name sorts before the served one', () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-streetfiles-'));
    // the names of the builds CI's PostgreSQL suite made: two imports within one second
    const oldest = madeBuild('20261202T133112-100-k2c1');
    const served = madeBuild('20261202T133113-100-y44m');
    switchCurrentBuild(dataDir, served);
    const next = madeBuild('20261202T133113-100-0y1o');
    switchCurrentBuild(dataDir, next);
    expect(readCurrentBuild(dataDir)).toBe(next);
    expect(fs.existsSync(tilesDir(dataDir, next))).toBe(true);
    expect(fs.existsSync(buildDir(dataDir, served))).toBe(true); // kept for requests in flight
    expect(fs.existsSync(buildDir(dataDir, oldest))).toBe(false);
  });

  it('names a process’s later build after its earlier one, within one millisecond too', () => {
    const names = Array.from({ length: 50 }, newBuildName);
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toMatch(/^[\w-]+$/);
  });

  it('tells map:import whether a server marks the folder (PGlite: then only that server opens the database)', () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-streetfiles-'));
    expect(serverAlive(dataDir, 30_000)).toBe(false);
    markServerAlive(dataDir);
    expect(serverAlive(dataDir, 30_000)).toBe(true);
    expect(serverAlive(dataDir, -1)).toBe(false); // a mark older than the window is no server
  });
});
