// Hostile import sheets against the real server over HTTP (issue 32): a 3 000 000-row xlsx of tiny
// inline strings and a zip bomb (1 GB of spaces), each sent by two users at once, while /healthz is
// asked every 20 ms. Prints each refusal, its time, the process's RSS growth (the sheet worker's
// heap included) and the slowest /healthz answer. Prints JSON.
// Run: node --import tsx bench/import-hostile.bench.ts [--rows 3000000] [--bomb-mb 1024]
import os from 'node:os';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { createTenant } from '../apps/server/src/testing/fixtures.ts';
import { xlsxOf } from './flood/uploadFlood.ts';
import { loadAverage } from './support/procStats.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 3_000_000);
const BOMB_MB = arg('bomb-mb', 1024);

const t = await createTestServer({ host: '127.0.0.1' });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const users = [await createTenant(t, { codes: 'all' }), await createTenant(t, { codes: 'all' })];

const upload = async (sessionId: string, content: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), '车辆.xlsx');
  const res = await fetch(`${base}/car/v4/api/vehicle/vehicleVerify.json`, { method: 'POST', headers: { sessionId }, body: form });
  return (await res.json()) as { errorCode?: string; msg: string };
};

async function attack(name: string, file: Buffer) {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let slowestHealthMs = 0;
  let healthAnswers = 0;
  let done = false;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  const health = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.json());
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      healthAnswers++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(users.map((u) => upload(u.sessionId, file)));
  const ms = performance.now() - started;
  done = true;
  await health;
  clearInterval(sampler);
  return {
    name,
    fileBytes: file.length,
    bothRefusedMs: Math.round(ms),
    answers: answers.map((a) => `${a.errorCode}: ${a.msg}`),
    rssGrowthMb: Math.round((rssPeak - rssBefore) / 1048576),
    healthAnswers,
    slowestHealthMs: Math.round(slowestHealthMs),
  };
}

const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
const results = [
  await attack(`${ROWS} tiny rows`, await xlsxOf(row.repeat(10_000), Math.ceil(ROWS / 10_000))),
  await attack(`${BOMB_MB} MB of spaces`, await xlsxOf(' '.repeat(1 << 20), BOMB_MB)),
];
console.log(
  JSON.stringify({ bench: 'import-hostile', node: process.version, cpus: os.cpus().length, loadAverage: loadAverage(), results }, null, 2),
);
await t.close();
