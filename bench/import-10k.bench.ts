// A 10 000-row Excel import over real HTTP to the real server: the row-by-row check alone
// (vehicleVerify.json, writes nothing) and the import (import.json: the same checks, then every
// terminal, group and vehicle written in one transaction). Target (issue 15): the import checks and
// writes 10 000 rows in under 10 s on PostgreSQL. Each round imports a fresh sheet into an account
// whose stock already holds a tenth of the sheet's terminals (they are claimed, the rest created).
// Prints JSON.
// Run: node --import tsx bench/import-10k.bench.ts [--rows 10000] [--rounds 3]   (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL)
import os from 'node:os';
import ExcelJS from 'exceljs';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { readSheet, recordsOf } from '../apps/server/src/modules/terminals/sheetRows.ts';
import { loadAverage } from './support/procStats.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 10_000);
const ROUNDS = arg('rounds', 3);
const HEADER = ['设备号', '协议', '型号', 'SIM卡号', '车牌号', '车牌颜色', '类型', '分组', '司机', '司机电话', '服务到期', '备注'];
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Round r's sheet: JT/T 808 numbers and plates of its own, 50 groups, every column filled. */
const terminalOf = (r: number, i: number) => `1${String(r + 3).padStart(2, '0')}${String(i).padStart(8, '0')}`;
const rowOf = (r: number, i: number) => [
  terminalOf(r, i),
  'JT808',
  'JT701',
  `1440${String(r).padStart(2, '0')}${String(i).padStart(7, '0')}`,
  `粤${LETTERS[r % LETTERS.length]}${String(i).padStart(5, '0')}`,
  '蓝色',
  '车辆',
  `车队${i % 50}`,
  `司机${i}`,
  `138${String(i).padStart(8, '0')}`,
  '2027-12-31',
  '批量导入',
];

async function xlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('车辆导入');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const t = await createTestServer({ host: '127.0.0.1' });
const session = await t.login();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}/car/v4/api`;

const upload = async (path: string, content: Buffer, fileName: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { sessionId: session }, body: form });
  const body = (await res.json()) as { flag: number; msg: string; obj: Record<string, unknown> };
  return { ms: performance.now() - started, body };
};
const round1 = (x: number) => Math.round(x * 10) / 10;

const rounds = [];
for (let r = 0; r < ROUNDS; r++) {
  // A tenth of the sheet's terminals are in the account's stock already, with no vehicle.
  const stock = Array.from({ length: Math.floor(ROWS / 10) }, (_, i) => [terminalOf(r, i * 10), 'JT808']);
  const stocked = await upload(
    '/vehicle/import.json',
    Buffer.from(`设备号,协议\n${stock.map((s) => s.join(',')).join('\n')}\n`),
    'stock.csv',
  );
  if (stocked.body.flag !== 1) throw new Error(`stock import refused: ${stocked.body.msg}`);

  const file = await xlsx([HEADER, ...Array.from({ length: ROWS }, (_, i) => rowOf(r, i))]);
  let started = performance.now();
  const records = recordsOf(await readSheet(file, 'a.xlsx'));
  const parseMs = performance.now() - started;
  if (records.length !== ROWS) throw new Error(`parsed ${records.length} rows`);

  const verify = await upload('/vehicle/vehicleVerify.json', file, '车辆.xlsx');
  if (verify.body.obj?.valid !== ROWS) throw new Error(`verify: ${JSON.stringify(verify.body).slice(0, 300)}`);
  started = performance.now();
  const imported = await upload('/vehicle/import.json', file, '车辆.xlsx');
  if (imported.body.flag !== 1 || imported.body.obj.vehicles !== ROWS)
    throw new Error(`import: ${JSON.stringify(imported.body).slice(0, 300)}`);

  // The same sheet again: every row is refused (plates and terminals taken), nothing is written.
  const refused = await upload('/vehicle/import.json', file, '车辆.xlsx');
  if (refused.body.flag !== 0 || (refused.body.obj as { invalid?: number }).invalid !== ROWS)
    throw new Error(`re-import: ${refused.body.msg}`);
  rounds.push({
    parseMs: round1(parseMs),
    verifyMs: round1(verify.ms),
    importMs: round1(imported.ms),
    refusedImportMs: round1(refused.ms),
    fileBytes: file.length,
  });
}

const count = await t.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM vehicles');
console.log(
  JSON.stringify(
    {
      bench: 'import-10k',
      engine: t.ctx.db.engine,
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: loadAverage(),
      rows: ROWS,
      rounds,
      bestImportMs: Math.min(...rounds.map((r) => r.importMs)),
      worstImportMs: Math.max(...rounds.map((r) => r.importMs)),
      vehiclesWritten: count?.n ?? 0,
    },
    null,
    2,
  ),
);
await t.close();
