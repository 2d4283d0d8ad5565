import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');
let built = false;

/**
 * Compiles the server into apps/server/dist (scripts/build-server.mjs), once per bench process, so
 * a bench runs it as production does. The build's progress goes to stderr, not among the figures.
 */
export function buildServerOnce(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], { stdio: ['ignore', 2, 'inherit'] });
  built = true;
}
