#!/usr/bin/env node
// `npm run bench -- NAME [options]`: runs bench/NAME.bench.ts (each prints JSON figures; none is
// part of `npm test`). Without a name it lists them and runs the two that need nothing but a
// CPU (decode, geocode). docs/PERFORMANCE.md gives each one's options and what it needs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const names = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .sort();
const [name, ...args] = process.argv.slice(2);

function run(bench, options) {
  console.error(`\n=== bench/${bench}.bench.ts ${options.join(' ')} ===`);
  return spawnSync(process.execPath, ['--import', 'tsx', `bench/${bench}.bench.ts`, ...options], { stdio: 'inherit' }).status ?? 1;
}

if (!name) {
  console.error(`benchmarks: ${names.join(', ')}\nrun one with: npm run bench -- NAME [options]`);
  let failed = 0;
  for (const bench of ['decode', 'geocode']) failed += run(bench, []) ? 1 : 0;
  process.exit(failed ? 1 : 0);
}
if (!names.includes(name)) {
  console.error(`no benchmark "${name}"; there are: ${names.join(', ')}`);
  process.exit(2);
}
process.exit(run(name, args));
