import { defineConfig } from 'vitest/config';

// Unit and integration tests (server, packages, web logic). Browser tests live in e2e/
// with their own config because they need a built web app and a running server.
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx', 'packages/*/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One template database per run on TEST_ENGINE=postgres (apps/server/src/testing/testDb.ts).
    globalSetup: ['apps/server/src/testing/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker's module registry: each worker loads fastify, PGlite's WASM and
    // the server's modules once, not once per file. Tests clean up what they start (servers,
    // databases, timers, stubbed globals) in their own hooks.
    isolate: false,
  },
});
