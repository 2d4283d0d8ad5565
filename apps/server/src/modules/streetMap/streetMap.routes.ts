import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { streetMapEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { readCurrentBuild, tilesDir } from './streetMap.files.ts';
import { streetStyle } from './streetMap.style.ts';
import { TileCache } from './streetMap.tileCache.ts';

/**
 * A tile asked for with the build the style names (`v`) never changes: the browser keeps it for a
 * year without asking again. One asked for without it (or with a build no longer on disk) is the
 * served build's, which the next import replaces: kept a minute.
 */
const VERSIONED_TILE_CACHE = 'public, max-age=31536000, immutable';
const UNVERSIONED_TILE_CACHE = 'public, max-age=60';
/** Which build is served, re-read this often (an import switches it with one rename). */
const CURRENT_TTL_MS = 2_000;
/** Tiles held in memory (gzip, as stored): a province's busy tiles, without a file read per request. */
const TILE_CACHE_BYTES = 64 * 1024 * 1024;
const BUILD_NAME = /^[\w-]+$/;

/** The imported street map's tiles and style (docs/maps.md, "Offline street maps"). */
export const streetMapRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const dataDir = ctx.config.dataDir;
  let current = { build: null as string | null, readAt: -Infinity };
  // before the first import every request looks (a file that is not there), so the first build is served at once
  const currentBuild = () => {
    if (!current.build || Date.now() - current.readAt > CURRENT_TTL_MS) current = { build: readCurrentBuild(dataDir), readAt: Date.now() };
    return current.build;
  };
  // A page still drawing the style of the build an import replaced keeps getting that build's tiles
  // while it is on disk (the switch keeps it until the next import): no old and new tiles mixed.
  const onDisk = new Map<string, { exists: boolean; at: number }>();
  const buildOnDisk = (build: string) => {
    const seen = onDisk.get(build);
    if (seen && Date.now() - seen.at < CURRENT_TTL_MS) return seen.exists;
    if (onDisk.size > 100) onDisk.clear();
    const exists = BUILD_NAME.test(build) && fs.existsSync(tilesDir(dataDir, build));
    onDisk.set(build, { exists, at: Date.now() });
    return exists;
  };
  const tiles = new TileCache(TILE_CACHE_BYTES);
  const readTile = async (build: string, z: number, x: number, y: number) => {
    const key = `${build}/${z}/${x}/${y}`;
    const cached = tiles.get(key);
    if (cached !== undefined) return cached;
    // Only a tile the build does not have is empty; any other failure to read it is an error, not an empty map.
    const tile = await fs.promises
      .readFile(path.join(tilesDir(dataDir, build), String(z), String(x), `${y}.pbf`))
      .catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    tiles.set(key, tile);
    return tile;
  };

  route(app, streetMapEndpoints.tile, async ({ z, x, y, v }, request, reply) => {
    const served = currentBuild();
    if (!served) return reply.code(404).type('text/plain; charset=utf-8').send('尚未导入离线街道地图');
    const build = v === served || (v !== undefined && v !== '' && buildOnDisk(v)) ? (v as string) : served;
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const etag = `"${build}-${z}-${x}-${y}${gzip ? '' : '-identity'}"`;
    reply
      .header('cache-control', build === v ? VERSIONED_TILE_CACHE : UNVERSIONED_TILE_CACHE)
      .header('etag', etag)
      .header('vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const tile = await readTile(build, z, x, y);
    // A tile the extract has nothing in is an empty tile to MapLibre, not an error.
    if (!tile) return reply.code(204).send();
    reply.type('application/vnd.mapbox-vector-tile');
    if (gzip) return reply.header('content-encoding', 'gzip').send(tile);
    return reply.send(zlib.gunzipSync(tile));
  });

  route(app, streetMapEndpoints.style, async (_input, request, reply) => {
    const build = currentBuild();
    if (!build) return reply.code(404).type('text/plain; charset=utf-8').send('尚未导入离线街道地图');
    // Scheme-relative: MapLibre's worker resolves it with the page's own scheme (http or https).
    const tiles = `//${request.host}${streetMapEndpoints.tile.path}?z={z}&x={x}&y={y}&v=${build}`;
    return reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(streetStyle(tiles)));
  });
};
