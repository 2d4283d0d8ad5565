// A 1 000 000-row Excel export through the download centre, on PostgreSQL, with the server's
// memory sampled throughout: 32 258 vehicles × 31 days of the mileage report (999 998 rows) are
// queued by exportDataReport.json, written by the jobs role (rows through a server-side cursor,
// the workbook stored in 1 MB parts as it is written), then downloaded by download.json. A scratch
// database is created and dropped; the server is the built one (apps/server/dist/main.js):
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     node --import tsx bench/export-1m.bench.ts [--vehicles 32258] [--days 31] [--no-verify]
// Prints JSON: idle RSS, peak RSS while writing and while sending, the time of each phase, the
// file's size and (unless --no-verify) its rows counted by reading it back with ExcelJS.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { freePort } from '../apps/server/src/testing/freePort.ts';
import { buildServerOnce } from './support/buildServer.ts';
import { MB, rssBytes } from './support/procStats.ts';
import { seedFleet } from './support/seedFleet.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/nodeFlags.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg('vehicles', 32_258);
const DAYS = arg('days', 31);
const VERIFY = !process.argv.includes('--no-verify');
const FIRST_DAY = '2026-05-01';
const PASSWORD = 'Bench#2026pw';
const repo = path.resolve(import.meta.dirname, '..');
const log = (text: string) => console.error(`[export-1m] ${text}`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chelian_bench_export_${Date.now()}`;
const url = new URL(admin);
url.pathname = `/${dbName}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`CREATE DATABASE ${dbName}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-export-bench-'));
let server: ReturnType<typeof spawn> | undefined;

type Envelope<T> = { flag: number; msg: string; obj: T };
async function call<T>(base: string, p: string, init: RequestInit & { sessionId?: string } = {}): Promise<Envelope<T>> {
  const res = await fetch(`${base}${p}`, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(init.sessionId ? { sessionId: init.sessionId } : {}) },
  });
  return (await res.json()) as Envelope<T>;
}

/** The highest RSS in each quarter of a phase, MB: flat when the file's rows do not pile up in memory. */
const quarters = (samples: number[]) =>
  [0, 1, 2, 3].map((q) =>
    MB(Math.max(...samples.slice(Math.floor((q * samples.length) / 4), Math.max(Math.floor(((q + 1) * samples.length) / 4), 1)))),
  );

/** Samples a process's VmRSS every `everyMs` until stopped: the peak and the samples. */
function sampler(pid: number, everyMs = 200) {
  const samples: number[] = [rssBytes(pid)];
  const timer = setInterval(() => samples.push(rssBytes(pid)), everyMs);
  return { stop: () => (clearInterval(timer), samples.push(rssBytes(pid)), { peak: Math.max(...samples), samples }) };
}

try {
  // The schema, by starting the server once on the empty database (it migrates and seeds).
  buildServerOnce();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = async () => {
    const out = fs.openSync(path.join(dir, 'server.log'), 'a');
    server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js', '--role', 'api,jobs'], {
      cwd: repo,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(dir, 'data'),
        CHELIAN_ADMIN_PASSWORD: PASSWORD,
        PORT: String(port),
        HOST: '127.0.0.1',
        NATS_URL: '',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', out, out],
    });
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000)}`);
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return server.pid!;
      if (i > 240) throw new Error('server not healthy in 120 s');
      await pause(500);
    }
  };
  await start();
  server!.kill('SIGTERM');
  await new Promise((r) => server!.once('exit', r));

  // The fleet and its daily figures: every vehicle × every day, written by COPY.
  const seedStart = performance.now();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const fleet = await seedFleet(client, VEHICLES);
  await client.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  const rowsOf = function* () {
    for (let d = 0; d < DAYS; d++) {
      const day = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + d * DAY_MS).toISOString().slice(0, 10);
      for (const [i, v] of fleet.entries()) {
        const km = ((i * 37 + d * 11) % 4000) / 10;
        yield `${v.terminalPk},${day},${km},gps,${Math.round(km * 90)},${40 + ((i + d) % 80)},${200 + (i % 500)},${(i + d) % 3},"{""sos"": ${(i + d) % 3}}",${43_200 + (i % 43_200)},86400\n`;
      }
    }
  };
  await pipeline(
    Readable.from(rowsOf()),
    client.query(
      copyFrom(
        'COPY daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, driving_seconds, max_speed, position_count, alarm_count, alarm_types, online_seconds, elapsed_seconds) FROM STDIN WITH (FORMAT csv)',
      ),
    ),
  );
  await client.query('ANALYZE');
  await client.end();
  const seedMs = Math.round(performance.now() - seedStart);
  log(`seeded ${VEHICLES} vehicles × ${DAYS} days in ${seedMs} ms`);

  const pid = await start();
  const config = await call<{ publicKey: string }>(base, '/oauthToken/getConfig');
  const cipher = crypto
    .publicEncrypt({ key: config.obj.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(PASSWORD))
    .toString('base64');
  const login = await call<{ sessionId: string }>(base, '/oauth/v4/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: cipher }),
  });
  if (login.flag !== 1) throw new Error(`login failed: ${login.msg}`);
  const sessionId = login.obj.sessionId;
  const endDay = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const filters = { startDate: FIRST_DAY, endDate: endDay };
  // Warm the server as an operator would have (the report's first page), then settle.
  const page = await call<{ total: number }>(base, `/car/v1/accelerate/report/mileage/dayMileage.json?${new URLSearchParams(filters)}`, {
    sessionId,
  });
  await pause(3000);
  const idle = rssBytes(pid);
  log(`report has ${page.obj.total} rows; server idle at ${MB(idle)} MB`);

  const writing = sampler(pid);
  const t0 = performance.now();
  const job = await call<{ id: number }>(base, '/car/v1/accelerate/export/exportDataReport.json', {
    method: 'POST',
    sessionId,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ reportType: 'mileageReport', params: JSON.stringify(filters) }),
  });
  if (job.flag !== 1) throw new Error(`export refused: ${job.msg}`);
  let record: { status: string; size: number; error: string } | undefined;
  for (;;) {
    await pause(1000);
    const list = await call<{ list: Array<{ id: number; status: string; size: number; error: string }> }>(
      base,
      '/car/v1/accelerate/export/listExportRecord.json',
      { sessionId },
    );
    record = list.obj.list.find((r) => r.id === job.obj.id);
    if (record && (record.status === 'done' || record.status === 'failed')) break;
  }
  const writeMs = Math.round(performance.now() - t0);
  const written = writing.stop();
  if (record.status !== 'done') throw new Error(`export failed: ${record.error}`);
  log(`written in ${writeMs} ms, ${MB(record.size)} MB, peak ${MB(written.peak)} MB`);

  const sending = sampler(pid);
  const t1 = performance.now();
  const file = path.join(dir, 'export.xlsx');
  const res = await fetch(`${base}/car/v1/accelerate/export/download.json?id=${job.obj.id}&sessionId=${sessionId}`);
  await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(file));
  const downloadMs = Math.round(performance.now() - t1);
  const sent = sending.stop();
  const fileBytes = fs.statSync(file).size;

  let rowsInFile: number | null = null;
  if (VERIFY) {
    rowsInFile = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'ignore',
      styles: 'ignore',
      hyperlinks: 'ignore',
      worksheets: 'emit',
    });
    for await (const sheet of reader) for await (const _row of sheet) rowsInFile++;
    rowsInFile -= 1; // the header
  }
  console.log(
    JSON.stringify(
      {
        bench: 'export-1m',
        engine: 'postgres',
        vehicles: VEHICLES,
        days: DAYS,
        reportRows: page.obj.total,
        rowsInFile,
        seedMs,
        idleRssMB: MB(idle),
        writing: {
          ms: writeMs,
          peakRssMB: MB(written.peak),
          aboveIdleMB: MB(written.peak - idle),
          peakByQuarterMB: quarters(written.samples),
          samples: written.samples.length,
        },
        sending: { ms: downloadMs, peakRssMB: MB(sent.peak), aboveIdleMB: MB(sent.peak - idle) },
        fileMB: MB(fileBytes),
        sizeMatches: fileBytes === record.size,
        cpus: os.cpus().length,
        node: process.version,
      },
      null,
      2,
    ),
  );
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  await root.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await root.end();
  fs.rmSync(dir, { recursive: true, force: true });
}
