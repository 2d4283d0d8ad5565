// 智能工牌's staff import at the template's limit: one Excel sheet of 5 000 people, each with a
// badge of the account, imported over real HTTP to the real server (parse, check, write). Then the
// same sheet again, so every row is an update of a person already holding that badge. Each round
// uses a fresh tenant. Prints JSON.
// Run: node --import tsx bench/card-import.bench.ts [--rows 5000] [--rounds 1]
//      (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL; PGlite by default)
import os from 'node:os';
import ExcelJS from 'exceljs';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { createTenant } from '../apps/server/src/testing/fixtures.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 5000);
const ROUNDS = arg('rounds', 1);

const t = await createTestServer({ host: '127.0.0.1' });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

async function upload(
  sid: string,
  body: ExcelJS.Buffer,
): Promise<{ ms: number; json: { flag: number; msg: string; obj: { created: number; updated: number } } }> {
  const form = new FormData();
  form.append('file', new Blob([body]), '人员.xlsx');
  const started = performance.now();
  const res = await fetch(`${base}/card/v1/api/staff/import.json`, { method: 'POST', headers: { sessionId: sid }, body: form });
  const json = await res.json();
  const ms = Math.round(performance.now() - started);
  if (json.flag !== 1) throw new Error(json.msg);
  return { ms, json };
}

const rounds: Array<{ createMs: number; updateMs: number }> = [];
for (let round = 0; round < ROUNDS; round++) {
  const tenant = await createTenant(t, { codes: 'all' });
  const badges = Array.from({ length: ROWS }, (_, i) => `86${String(round).padStart(3, '0')}${String(i).padStart(10, '0')}`);
  await t.ctx.db.query(
    `INSERT INTO terminals (identifier, identifier_key, protocol, account_id) SELECT id, id, 'watch', $2 FROM unnest($1::text[]) id`,
    [badges, tenant.accountId],
  );
  const teams = await fetch(`${base}/card/v1/api/team/save.json`, {
    method: 'POST',
    headers: { sessionId: tenant.sessionId, 'content-type': 'application/json' },
    body: JSON.stringify({ name: '保洁一队' }),
  });
  if ((await teams.json()).flag !== 1) throw new Error('team');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('人员');
  ws.addRow(['工号', '姓名', '岗位', '电话', '班组', '备注', '工牌']);
  badges.forEach((b, i) =>
    ws.addRow([
      `C${String(i + 1).padStart(5, '0')}`,
      `保洁员${i + 1}`,
      '保洁员',
      `138${String(i).padStart(8, '0')}`,
      '保洁一队',
      '批量导入',
      b,
    ]),
  );
  const file = await book.xlsx.writeBuffer();
  const created = await upload(tenant.sessionId, file);
  if (created.json.obj.created !== ROWS) throw new Error(`created ${created.json.obj.created}`);
  const updated = await upload(tenant.sessionId, file);
  if (updated.json.obj.updated !== ROWS) throw new Error(`updated ${updated.json.obj.updated}`);
  const [{ n }] = await t.ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM card_badge_bindings b JOIN card_staff s ON s.vehicle_id = b.staff_id WHERE s.account_id = $1 AND b.unbound_at IS NULL`,
    [tenant.accountId],
  );
  if (n !== ROWS) throw new Error(`open bindings ${n}`);
  rounds.push({ createMs: created.ms, updateMs: updated.ms });
}
await t.close();
console.log(
  JSON.stringify(
    {
      bench: 'card-import',
      engine: process.env.TEST_ENGINE ?? 'pglite',
      rows: ROWS,
      rounds,
      load: os.loadavg().map((x) => Math.round(x * 10) / 10),
      node: process.version,
    },
    null,
    2,
  ),
);
