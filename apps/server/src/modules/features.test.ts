import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUB_SYSTEMS } from '@chelian/contracts';
import { PositionFeed, type FixListener } from '../core/positionFeed.ts';
import { createTestServer } from '../testing/testServer.ts';
import { startEngines } from './feature.ts';
import { features } from './features.ts';
import { apiModules } from './index.ts';

/** Counts the engines listening. */
class CountingFeed extends PositionFeed {
  listening = 0;
  override subscribe(listener: FixListener): () => void {
    const off = super.subscribe(listener);
    this.listening++;
    return () => (this.listening--, off());
  }
}

/** Folders that are no feature: code two features share (ebike: the BMS reports 电单车卫士 and 新国标 both read). */
const SHARED_FOLDERS = ['ebike'];

describe('the features list', () => {
  it('has one manifest per module folder, each listed once under its folder name', () => {
    const folders = fs
      .readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !SHARED_FOLDERS.includes(e.name))
      .map((e) => e.name);
    for (const folder of folders) expect(fs.existsSync(path.join(import.meta.dirname, folder, `${folder}.feature.ts`)), folder).toBe(true);
    const names = features.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => n !== 'live').sort()).toEqual(folders.sort());
  });

  it('names only known sub-products, each once', () => {
    const ids = features.flatMap((f) => (f.platformId === undefined ? [] : [f.platformId]));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(SUB_SYSTEMS.map((s) => s.platformId)).toContain(id);
  });

  it('gives the API side every feature’s routes', async () => {
    const routes = await Promise.all(features.map(async (f) => (await f.routes?.()) ?? []));
    expect(apiModules).toEqual(routes.flat());
    expect(apiModules.length).toBeGreaterThan(features.length);
  });

  it('loads an engine as a start function and a job list for the features that have them', async () => {
    const withEngine = features.filter((f) => f.engine).map((f) => f.name);
    expect(withEngine).toEqual(['geofences', 'overspeedAlarms', 'elecCar', 'elecLease', 'card', 'elecGb', 'pet']);
    for (const f of features) {
      if (f.engine) expect(typeof (await f.engine())).toBe('function');
      for (const job of (await f.jobs?.()) ?? []) expect(typeof job).toBe('function');
    }
  });

  it("gathers the download centre's exports from the features that have them, each type once", async () => {
    const { EXPORT_KINDS } = await import('./exports/exportKinds.ts');
    expect(features.filter((f) => f.exports).map((f) => f.name)).toEqual(['exports', 'reports']);
    const types = EXPORT_KINDS.map((k) => k.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types[0]).toBe('userList');
    expect(types.length).toBeGreaterThan(10);
  });

  it('gives the demo one part per feature that has one, each with its menus, protocols, seed and simulated terminals', async () => {
    expect(features.filter((f) => f.demo).map((f) => f.name)).toEqual([
      'notices',
      'terminals',
      'elecCar',
      'elecLease',
      'card',
      'elecGb',
      'pet',
    ]);
    for (const f of features) {
      if (!f.demo) continue;
      const part = await f.demo();
      expect(part.menus.length, f.name).toBeGreaterThan(0);
      // a part that only publishes (内容发布) simulates no terminal
      if (f.name !== 'notices') expect(part.protocols.length, f.name).toBeGreaterThan(0);
      expect([typeof part.seed, typeof part.drive], f.name).toEqual(['function', 'function']);
    }
  });

  it('starts every engine on the process feed, and each stops the one way server.ts stops them', async () => {
    const t = await createTestServer();
    try {
      const feed = new CountingFeed();
      const engines = await startEngines(features, { ...t.ctx, positionFeed: feed });
      expect(engines).toHaveLength(7);
      expect(feed.listening).toBe(7);
      for (const engine of engines) await engine.stop();
      expect(feed.listening).toBe(0);
    } finally {
      await t.close();
    }
  });
});
