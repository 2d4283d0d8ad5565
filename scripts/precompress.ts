// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of a built web
// app, so the server answers with bytes compressed once at build time (at the strongest levels)
// instead of compressing on every request, or not at all. Used by apps/web/vite.config.ts after
// each build; `node --import tsx scripts/precompress.ts DIR` does it for a folder built otherwise.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Types worth compressing (images other than SVG and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|geojson|txt|xml|map|wasm)$/;
/** Below this a compressed copy saves less than a packet; the server's API threshold is the same. */
export const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrecompressResult {
  files: number;
  bytes: number;
  br: number;
  gzip: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Brotli at its best quality takes seconds per megabyte; most files of a rebuild are unchanged
 * (content-hashed chunks, the basemap), so compressed copies are kept by content hash and reused.
 */
const CACHE = path.resolve(import.meta.dirname, '../node_modules/.cache/chelian-precompress');

async function compressed(data: Buffer): Promise<[Buffer, Buffer]> {
  const key = crypto.createHash('sha256').update(data).digest('hex');
  const cached = path.join(CACHE, key);
  try {
    const hit = await Promise.all([fs.readFile(`${cached}.br`), fs.readFile(`${cached}.gz`)]);
    const now = new Date();
    await Promise.all([fs.utimes(`${cached}.br`, now, now), fs.utimes(`${cached}.gz`, now, now)]);
    return hit;
  } catch {
    /* not compressed before */
  }
  const both = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await fs.mkdir(CACHE, { recursive: true });
  await Promise.all([fs.writeFile(`${cached}.br`, both[0]), fs.writeFile(`${cached}.gz`, both[1])]);
  return both;
}

/** Compresses one file both ways; a copy is kept only when smaller than the file itself. */
async function compressFile(file: string, totals: PrecompressResult): Promise<void> {
  const data = await fs.readFile(file);
  const [br, gz] = await compressed(data);
  totals.files++;
  totals.bytes += data.length;
  totals.br += Math.min(br.length, data.length);
  totals.gzip += Math.min(gz.length, data.length);
  if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
}

/**
 * Precompresses every compressible file of `dir` of at least MIN_BYTES, replacing copies left by
 * an earlier run. zlib works in libuv's thread pool, so files are compressed a few at a time.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const files: string[] = [];
  for await (const file of walk(dir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) await fs.rm(file);
    else if (COMPRESSIBLE.test(file) && (await fs.stat(file)).size >= MIN_BYTES) files.push(file);
  }
  // the largest first, so one big file does not finish alone at the end
  const sizes = new Map(await Promise.all(files.map(async (f) => [f, (await fs.stat(f)).size] as const)));
  files.sort((a, b) => sizes.get(b)! - sizes.get(a)!);
  const totals: PrecompressResult = { files: 0, bytes: 0, br: 0, gzip: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) await compressFile(files[next++], totals);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  await pruneCache();
  return totals;
}

/** Copies not used by any build for two weeks go. */
async function pruneCache(): Promise<void> {
  // vite.config.ts loads this file with Node's own loader, which cannot import the contracts' .ts files
  const before = Date.now() - 14 * 24 * 3600 * 1000;
  for (const name of await fs.readdir(CACHE).catch(() => [])) {
    const file = path.join(CACHE, name);
    if ((await fs.stat(file)).mtimeMs < before) await fs.rm(file, { force: true });
  }
}

/** The Vite plugin: precompresses the output folder once the build has written it. */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'chelian-precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return; // a failed build wrote nothing worth compressing
      const started = Date.now();
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
      console.log(`precompressed ${t.files} files in ${Date.now() - started} ms: ${kb(t.bytes)} → br ${kb(t.br)}, gzip ${kb(t.gzip)}`);
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node --import tsx scripts/precompress.ts DIR');
    process.exit(2);
  }
  console.log(JSON.stringify(await precompressDir(dir)));
}
