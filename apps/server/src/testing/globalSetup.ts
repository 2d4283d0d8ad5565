import { randomBytes } from 'node:crypto';
import { openPostgres } from '../db/postgres.ts';
import { databaseUrl, onServer, PG_TEMPLATE_ENV, prepareTemplate, testEngine } from './testDb.ts';

/**
 * Vitest global setup. On TEST_ENGINE=postgres: one template database for the run, migrated and
 * seeded once, that every test file clones (createTestDb); the teardown drops it and the clones.
 * Its name is the run's own, so runs sharing the server never touch each other's databases.
 */
let template: string | undefined;

export async function setup() {
  if (testEngine() !== 'postgres') return;
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs DATABASE_URL');
  const name = `chelian_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(url, (c) => c.query(`CREATE DATABASE ${name}`));
  template = name;
  const db = openPostgres({ connectionString: databaseUrl(url, name), max: 1 });
  try {
    await prepareTemplate(db);
  } finally {
    await db.close(); // a template must have no connections when it is cloned
  }
  process.env[PG_TEMPLATE_ENV] = name; // the workers, forked after this, inherit it
}

export async function teardown() {
  if (!template) return;
  const prefix = template;
  await onServer(process.env.DATABASE_URL!, async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $1 || '\\_%'`, [
      prefix,
    ]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
