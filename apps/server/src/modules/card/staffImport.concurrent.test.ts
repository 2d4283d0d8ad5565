import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { testEngine } from '../../testing/testDb.ts';
import { eventually } from '../../testing/testTerminal.ts';
import { hashPassword } from '../auth/password.ts';
import { staffQueries } from './staff.queries.ts';

let t: TestServer;
let a: Tenant;
/** A second user of a's account: one user runs one import at a time (terminals/sheetUpload.ts), two users of an account may race. */
let colleague: string;
const api = '/card/v1/api';
const header = ['工号', '姓名', '岗位'];

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('人员');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const upload = async (rows: string[][], sessionId = a.sessionId) =>
  (
    await t.call(sessionId, {
      method: 'POST',
      url: `${api}/staff/import.json`,
      ...multipart({ fileName: '人员.xlsx', content: await sheet(rows) }),
    })
  ).json();
const staffNos = async () =>
  (
    await t.ctx.db.query<{ staff_no: string; n: number }>(
      'SELECT staff_no, count(*)::int AS n FROM card_staff WHERE account_id = $1 GROUP BY staff_no ORDER BY staff_no',
      [a.accountId],
    )
  ).map((r) => [r.staff_no, r.n]);

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  const username = `${a.username}_2`;
  await t.ctx.db.query('INSERT INTO users (account_id, role_id, username, name, password_hash) VALUES ($1, $2, $3, $4, $5)', [
    a.accountId,
    a.roleId,
    username,
    '同事',
    await hashPassword(a.password),
  ]);
  colleague = await t.login(username, a.password);
});
afterAll(async () => {
  await t?.close();
});

describe('staff imports at the same time by two users of an account', () => {
  it("both succeed: the second finds the first one's new 工号 and updates those people", async () => {
    const first = [header, ['D001', '赵一', '保洁员'], ['D002', '钱二', '保洁员'], ['D003', '孙三', '保洁员']];
    const second = [header, ['D002', '钱二', '组长'], ['D003', '孙三', '组长'], ['D004', '李四', '组长']];
    const [x, y] = await Promise.all([upload(first), upload(second, colleague)]);
    expect([x.flag, y.flag, x.msg, y.msg]).toEqual([1, 1, '操作成功', '操作成功']);
    // Whichever ran second found D002 and D003 made by the other: 4 people made in all, 2 updated.
    expect(x.obj.created + y.obj.created).toBe(4);
    expect(x.obj.updated + y.obj.updated).toBe(2);
    expect(await staffNos()).toEqual([
      ['D001', 1],
      ['D002', 1],
      ['D003', 1],
      ['D004', 1],
    ]);
  });

  it.runIf(testEngine() === 'postgres')(
    'a 工号 saved elsewhere while the import writes is named in Chinese, not a database error',
    async () => {
      // Another transaction (the 新增人员 form) inserts E002 and commits while the import waits on the index.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const ready = new Promise<void>((resolve) => (inserted = resolve));
      const form = t.ctx.db.tx(async (q) => {
        const [id] = await staffQueries.batch.newIds(q, 1);
        await staffQueries.batch.insertVehicles(q, a.accountId, [{ id: id!, name: '表单录入', terminalId: null }]);
        await staffQueries.batch.insertProfiles(q, a.accountId, [
          { id: id!, p: { staffNo: 'E002', job: '', phone: '', teamId: null, shiftId: null, remark: '' } },
        ]);
        inserted();
        await held;
      });
      await ready;
      const importing = upload([header, ['E001', '周五', ''], ['E002', '吴六', '']]);
      // The import has checked its sheet (E002 unseen: not committed) and waits on E002's index entry.
      const waiting = async () =>
        (
          await t.ctx.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )[0]!.n;
      await eventually(async () => (await waiting()) > 0, 10_000, 'the import waits on the index');
      release();
      await form;
      expect(await importing).toMatchObject({ flag: 0, errorCode: 'card.staffNoTaken', msg: '工号 E002 已存在' });
      expect((await staffNos()).filter(([no]) => String(no).startsWith('E'))).toEqual([['E002', 1]]);
    },
  );
});
