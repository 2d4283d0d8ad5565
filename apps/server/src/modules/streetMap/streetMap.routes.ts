import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { streetMapEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { readCurrentBuild, tilesDir } from './streetMap.files.ts';
import { streetStyle } from './streetMap.style.ts';

/** How long a browser keeps a tile: the style names the build (`v`), so a new import is new URLs. */
const TILE_CACHE = 'public, max-age=86400';
/** Which build is served, re-read this often (an import switches it with one rename). */
const CURRENT_TTL_MS = 2_000;

/** The imported street map's tiles and style (docs/maps.md, "Offline street maps"). */
export const streetMapRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const dataDir = ctx.config.dataDir;
  let current = { build: null as string | null, readAt: -Infinity };
  // before the first import every request looks (a file that is not there), so the first build is served at once
  const currentBuild = () => {
    if (!current.build || Date.now() - current.readAt > CURRENT_TTL_MS) current = { build: readCurrentBuild(dataDir), readAt: Date.now() };
    return current.build;
  };

  route(app, streetMapEndpoints.tile, async ({ z, x, y }, request, reply) => {
    const build = currentBuild();
    if (!build) return reply.code(404).type('text/plain; charset=utf-8').send('尚未导入离线街道地图');
    const file = path.join(tilesDir(dataDir, build), String(z), String(x), `${y}.pbf`);
    // Only a tile the build does not have is empty; any other failure to read it is an error, not an empty map.
    const tile = await fs.promises.readFile(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    reply.header('cache-control', TILE_CACHE).header('etag', `"${build}-${z}-${x}-${y}"`);
    // A tile the extract has nothing in is an empty tile to MapLibre, not an error.
    if (!tile) return reply.code(204).send();
    reply.type('application/vnd.mapbox-vector-tile');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(tile);
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
