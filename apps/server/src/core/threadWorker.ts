import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a thread on its own entry file, which lies beside the caller: the built file next to the
 * server's chunks in dist/ (scripts/build-server.mjs builds each entry as `built`.js), or under tsx
 * and vitest the TypeScript source, loaded through tsx's require hook (Node 20 does not apply tsx's
 * import hooks to a worker's modules). `caller` is the caller's import.meta.filename — not .url or
 * .dirname: the build rewrites those two to point at the sources.
 */
export function startThreadWorker(caller: string, entry: { source: string; built: string }, options: WorkerOptions = {}): Worker {
  const dir = path.dirname(caller);
  if (!caller.endsWith('.ts')) return new Worker(path.join(dir, `${entry.built}.js`), options);
  const tsx = createRequire(caller).resolve('tsx/cjs/api');
  const source = path.join(dir, entry.source);
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, { ...options, eval: true });
}
