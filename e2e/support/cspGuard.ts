import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser.ts';

// Every browser test runs under the server's Content-Security-Policy: a violation in any tab it
// opened fails it (a setup file, so no test file can forget it).
afterEach(async () => {
  // a violation reported as the test's last action reaches us a moment later
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
