import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';
import { e2eServerCount } from './support/serverCount.ts';

// Browser tests: real Chromium (Debian's) against the real server, which the global setup builds
// the web app for and starts — one per worker (E2E_SERVERS, 2 by default), each on free ports with
// a fresh DATA_DIR — and stops afterwards. A file runs against its worker's server alone.
const servers = e2eServerCount();
export default defineConfig({
  root: resolve(import.meta.dirname, '..'),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    setupFiles: ['e2e/support/cspGuard.ts'],
    // Generous: two servers and two browsers share the machine's cores; a hung test still ends.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: servers > 1,
    maxWorkers: servers,
  },
});
