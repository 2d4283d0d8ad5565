import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Where SQL may be written (docs/architecture.md, "Queries"): a feature's `*.queries.ts`, the
 * migrations, the tests, and the files below — each with why. A file outside them that holds a
 * statement or calls `.query(` fails here: move its SQL into its feature's `*.queries.ts`, or
 * add it below and to the doc's list.
 */
const SQL_HOMES: Record<string, string> = {
  // pieces of SQL other statements embed, made by named helpers
  'core/assetKinds.ts': "an asset's kind",
  'core/handover.ts': "a terminal's hand-over",
  'core/freshestFix.ts': "a terminal's newest fix",
  'modules/terminals/groupSubtree.ts': "a group's subtree",
  'modules/card/staffDay.ts': "a badge-wearer's fixes and sightings",
  'db/queryPage.ts': 'a page',
  'modules/reports/rollupSql.ts': "the rollup's statements",
  'modules/reports/staysSql.ts': "the rollup's stays",
  'modules/reports/drivingRollup.ts': "the rollup's driving time",
  // the storage engine itself
  'db/pglite.ts': 'the PGlite engine',
  'db/pglite.worker.ts': "the PGlite engine's thread",
  'db/postgres.ts': 'the PostgreSQL engine',
  'db/migrate.ts': 'the migrations runner',
  'core/readiness.ts': 'its probe',
  // seeds and demo parts, the tooling and the test support
  'modules/accounts/seed.ts': 'the first start',
  'modules/messages/messages.seed.ts': 'the first start',
  'modules/terminals/demoWeek.ts': "the demo's past week",
  'modules/pet/demoWeek.ts': "the demo's past week",
  'modules/elecCar/demoHistory.ts': "the demo's past week",
  'cluster/cluster.cli.ts': 'tooling',
  'http/foreignIds.walk.ts': 'the tenant walk (tests)',
};

/** Every `*.demo.ts` (a feature's demo part) and the test support may write SQL. */
const isHomeByName = (rel: string) =>
  rel.endsWith('.queries.ts') ||
  rel.endsWith('.demo.ts') ||
  rel.endsWith('.test.ts') ||
  rel.startsWith('testing/') ||
  rel.startsWith('db/migrations/');

/** Comments taken out, so a doc comment that says "SELECT" is no statement. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** A statement's keywords (the tree writes SQL upper-case) or a call of an engine's query. */
const SQL =
  /\bSELECT\b[\s\S]{0,400}?\bFROM\b|\bINSERT INTO\b|\bUPDATE \w+ (?:\w+ )?SET\b|\bDELETE FROM\b|\bCOPY \w+|\.(?:query|exec)(?:<[^>]*>)?\(\s*[`'"]|\.query(?:<[\s\S]*?>)?\(/;

const src = path.resolve(import.meta.dirname, '..');
const files = (fs.readdirSync(src, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.ts'));
const holdsSql = (rel: string) => SQL.test(code(fs.readFileSync(path.join(src, rel), 'utf8')));

describe('SQL lives in *.queries.ts', () => {
  it('and in no other file of apps/server/src but the listed ones', () => {
    const stray = files.filter((f) => !isHomeByName(f) && !Object.hasOwn(SQL_HOMES, f) && holdsSql(f));
    expect(stray, 'move the SQL into the feature’s *.queries.ts, or list the file here and in docs/architecture.md').toEqual([]);
  });

  it('lists only files that exist and hold SQL', () => {
    const stale = Object.keys(SQL_HOMES).filter((f) => !fs.existsSync(path.join(src, f)) || !holdsSql(f));
    expect(stale, 'drop these from SQL_HOMES and from docs/architecture.md').toEqual([]);
  });

  it('names every listed file in docs/architecture.md', () => {
    const doc = fs.readFileSync(path.resolve(src, '../../../docs/architecture.md'), 'utf8');
    const unnamed = Object.keys(SQL_HOMES).filter(
      (f) =>
        !doc.includes(
          `\`${f
            .replace(/^modules\//, '')
            .split('/')
            .slice(-2)
            .join('/')}\``,
        ) && !doc.includes(path.basename(f)),
    );
    expect(unnamed).toEqual([]);
  });

  it('sees a statement and a query call, not a comment', () => {
    expect(SQL.test(code("const r = await q.query('SELECT 1 FROM t');"))).toBe(true);
    expect(SQL.test(code('await tx.query<{ id: string }>(sql, [id]);'))).toBe(true);
    expect(SQL.test(code('const s = `UPDATE vehicles v SET name = $1`;'))).toBe(true);
    expect(SQL.test(code('/** Reads each row, SELECT-ing FROM the list. */\nconst x = 1;'))).toBe(false);
    expect(SQL.test(code('// INSERT INTO nothing\nconst y = 2;'))).toBe(false);
  });
});
