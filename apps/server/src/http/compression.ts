import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers on the fly (brotli preferred, then gzip, by Accept-Encoding). Installed
 * before the modules, as it hooks each route when it is declared. It leaves alone what already
 * has a Content-Encoding (the web app's precompressed files, the track's own gzip stream) and
 * types that do not shrink (Excel files are zip archives); WebSocket upgrades never reach it.
 * Brotli at quality 4 (the plugin's default): near gzip's speed, smaller answers.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // request bodies stay as they are: no client sends them compressed
    globalDecompression: false,
  });
}
