// getGeo.json latency: batches of 50 WGS-84 points (the web's batch size) over real HTTP to the
// real server (PGlite, offline provider), and the address service alone. Prints JSON.
// Run: node --import tsx bench/getgeo.bench.ts [--calls 2000]
import os from 'node:os';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { AddressService } from '../apps/server/src/modules/address/address.service.ts';

const i = process.argv.indexOf('--calls');
const CALLS = i >= 0 ? Number(process.argv[i + 1]) : 2000;

let seed = 99;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
/** Points where vehicles are: around China's big cities, some abroad and at sea. */
const batch = () =>
  Array.from({ length: 50 }, (_, index) => ({ lon: 100 + rnd() * 22, lat: 22 + rnd() * 18, mac: `0138${Math.floor(rnd() * 1e8)}`, index }));

const pct = (values: number[], p: number) =>
  Math.round([...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))] * 1000) / 1000;

const t = await createTestServer({ host: '127.0.0.1' });
const session = await t.login();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };
const url = `http://127.0.0.1:${port}/car/v4/api/address/baidu/getGeo.json`;
const call = async () => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { sessionId: session, 'content-type': 'application/json' },
    body: JSON.stringify({ lonAndLatToAddressVOS: batch() }),
  });
  const body = (await res.json()) as { flag: number; obj: Array<{ address: string }> };
  if (body.flag !== 1 || body.obj.length !== 50) throw new Error('bad answer');
  return body.obj;
};
for (let k = 0; k < 50; k++) await call(); // warm-up: geocoder loaded, JIT settled
const http: number[] = [];
let failed = 0;
for (let k = 0; k < CALLS; k++) {
  const started = performance.now();
  const answers = await call();
  http.push(performance.now() - started);
  failed += answers.filter((a) => a.address === '获取位置失败').length;
}

const service = AddressService.fromConfig({ provider: 'offline', key: '' });
await service.resolve(batch());
const inProcess: number[] = [];
for (let k = 0; k < CALLS; k++) {
  const points = batch();
  const started = performance.now();
  await service.resolve(points);
  inProcess.push(performance.now() - started);
}
await t.close();
console.log(
  JSON.stringify(
    {
      bench: 'getgeo',
      pointsPerCall: 50,
      calls: CALLS,
      cpus: os.cpus().length,
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
      httpMs: { p50: pct(http, 0.5), p95: pct(http, 0.95), p99: pct(http, 0.99), max: pct(http, 1) },
      serviceMs: { p50: pct(inProcess, 0.5), p99: pct(inProcess, 0.99) },
      noRegionShare: Math.round((failed / (CALLS * 50)) * 1000) / 1000,
    },
    null,
    2,
  ),
);
process.exit(0);
