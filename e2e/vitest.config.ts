import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';

// Browser tests: real Chromium (Debian's) against the real server, which the global setup builds
// the web app for, starts on a free port with a fresh DATA_DIR, and stops afterwards.
export default defineConfig({
  root: resolve(import.meta.dirname, '..'),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    setupFiles: ['e2e/support/cspGuard.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
  },
});
