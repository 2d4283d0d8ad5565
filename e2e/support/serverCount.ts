/**
 * How many servers (and test files at once) the browser suite runs: E2E_SERVERS, else 2. Each
 * worker has its own server, so two files never share one: what a file sets up (settings, the
 * admin's password, alarm push targets) is seen by the files after it on that server only.
 */
export function e2eServerCount(): number {
  const n = Number(process.env.E2E_SERVERS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}
