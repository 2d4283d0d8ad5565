import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_ERRORS } from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { writeRecords } from './import.writer.ts';

let t: TestServer;
let a: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
});
afterAll(() => t?.close());

describe('import writer', () => {
  it('refuses the whole import when a plate was taken between the check and the write (a race), writing nothing', async () => {
    const added = await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate: '粤D70002' }) });
    expect(added.json().flag).toBe(1);
    // Rows as the checks passed them a moment before another operator added 粤D70002.
    const records = [
      { row: 2, terminalId: '13700007001', protocol: 'JT808', plate: '粤D70001', group: '抢注组' },
      { row: 3, terminalId: '13700007002', protocol: 'JT808', plate: '粤D70002', group: '抢注组' },
    ];
    const write = t.ctx.db.tx((q) => writeRecords(q, a.accountId, records, { existing: new Map(), defaultProtocol: undefined }));
    await expect(write).rejects.toMatchObject({ entry: TERMINAL_ERRORS.importConflict });
    const left = await t.ctx.db.query(`SELECT 1 FROM terminals WHERE identifier_key IN ('13700007001', '13700007002')
      UNION ALL SELECT 1 FROM vehicle_groups WHERE name = '抢注组' UNION ALL SELECT 1 FROM vehicles WHERE plate = '粤D70001'`);
    expect(left).toEqual([]);
  });
});
