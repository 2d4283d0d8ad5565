import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/testDb.ts';
import { seedDictionary } from '../system/dictionary.seed.ts';
import { RESOURCES } from '@chelian/contracts';
import { seedResources } from './seed.ts';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb(); // seeded as a first start leaves it
});
afterAll(() => db?.close());

describe('the seed on a later start', () => {
  it('brings the resource catalogue back to the code: changed entries restored, unknown ones removed, admins hold all', async () => {
    const [first, second] = RESOURCES;
    await db.query(`UPDATE resources SET name = '改过的名字', sort = 999 WHERE id = $1`, [first.id]);
    await db.query('DELETE FROM resources WHERE id = $1', [second.id]);
    await db.query(`INSERT INTO resources (id, parent_id, name, type, code) VALUES (999999, 0, '已删除的菜单', 1, 'gone:menu')`);
    await seedResources(db);
    const rows = await db.query<{ id: number; name: string; sort: number; code: string }>(
      'SELECT id, name, sort, code FROM resources ORDER BY id',
    );
    expect(rows).toHaveLength(RESOURCES.length);
    expect(rows.find((r) => r.id === first.id)).toMatchObject({ name: first.name, sort: first.sort, code: first.code });
    expect(rows.find((r) => r.id === second.id)).toMatchObject({ name: second.name, code: second.code });
    const missing = await db.query(
      `SELECT re.id FROM roles ro CROSS JOIN resources re WHERE ro.is_admin
         AND NOT EXISTS (SELECT 1 FROM role_resources rr WHERE rr.role_id = ro.id AND rr.resource_id = re.id)`,
    );
    expect(missing).toEqual([]);
  });

  it('brings the dictionary labels back to the code', async () => {
    await db.query(`UPDATE dictionary SET label = '乱码', sort = 42 WHERE type = 'protocol' AND value = 'gt06'`);
    await seedDictionary(db);
    expect(await db.one(`SELECT label, sort FROM dictionary WHERE type = 'protocol' AND value = 'gt06'`)).toEqual({
      label: 'GT06',
      sort: 1,
    });
  });
});
