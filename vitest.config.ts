import { defineConfig } from 'vitest/config';

// Unit and integration tests (server, packages, web logic). Browser tests live in e2e/
// with their own config because they need a built web app and a running server.
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx', 'packages/*/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
