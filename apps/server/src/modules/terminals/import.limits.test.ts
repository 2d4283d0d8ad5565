import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_ERRORS } from '@chelian/contracts';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { ZipStream } from '../exports/zipStream.ts';
import { BACKGROUND_NICENESS } from '../../core/threadPriority.ts';
import { sheetPool } from './sheetPool.ts';

// Hostile import sheets (issue 32): each is refused at its limit, in the sheet worker, while the
// server goes on answering; and an import needs its permission and runs one at a time per user.
let t: TestServer;
let a: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
});
afterAll(() => t?.close());

const VERIFY = '/car/v4/api/vehicle/vehicleVerify.json';

/** An .xlsx whose one sheet's XML is `head`, then `body` `times` over, then its end (through the repo's streaming zip). */
async function xlsxOf(body: string, times: number, head = '<worksheet><sheetData>', tail = '</sheetData></worksheet>'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const zip = new ZipStream((c) => chunks.push(c));
  await zip.file('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  await zip.entry('xl/worksheets/sheet1.xml', async (write) => {
    await write(head);
    for (let i = 0; i < times; i++) await write(body);
    await write(tail);
  });
  zip.finish();
  return Buffer.concat(chunks);
}

const ROW = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
let rows: Promise<Buffer> | undefined;
/** 3 000 000 tiny inline-string rows (~430 KB), made once. */
const rowsFile = () => (rows ??= xlsxOf(ROW.repeat(10_000), 300));
const verify = (sessionId: string, content: Buffer, fileName = '车辆.xlsx') =>
  t.call(sessionId, { method: 'POST', url: VERIFY, ...multipart({ fileName, content }) });

describe('an uploaded import sheet is parsed within bounds, off the event loop', () => {
  it('refuses 3 000 000 tiny rows at the row limit without the memory of the rows, answering /healthz meanwhile', async () => {
    const file = await rowsFile();
    expect(file.length).toBeLessThan(2_000_000);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    let settled = false;
    const upload = verify(a.sessionId, file).finally(() => (settled = true));
    const health = await t.app.inject({ url: '/healthz' });
    const answeredFirst = !settled;
    const res = await upload;
    clearInterval(sampler);
    expect(health.statusCode).toBe(200);
    expect(answeredFirst).toBe(true);
    expect(res.json()).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.tooManyRows.code, msg: '一次最多导入10000行' });
    // The old parse held every row: RSS went from 1.6 to 3.0 GB.
    expect(peak - before).toBeLessThan(300 * 1024 * 1024);
    // and the parse ran on a thread of the lowest priority: the CPU it took was what nobody else wanted
    if (process.platform === 'linux') expect(sheetPool.niceness).toBe(BACKGROUND_NICENESS);
  });

  it('stops inflating a zip bomb at the unpacked limit', async () => {
    const bomb = await xlsxOf(' '.repeat(1 << 20), 80);
    expect(bomb.length).toBeLessThan(200_000);
    expect((await verify(a.sessionId, bomb)).json()).toMatchObject({
      flag: 0,
      errorCode: TERMINAL_ERRORS.sheetUnzippedTooLarge.code,
      msg: '文件解压后内容过大（最多64MB），请删除多余的内容后重试',
    });
  });

  it('refuses a sheet of too many cells, and an upload over the file limit while it arrives', async () => {
    const wide = await xlsxOf(`<row>${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(600)}</row>`, 1000);
    expect((await verify(a.sessionId, wide)).json()).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.sheetTooManyCells.code });
    const big = await verify(a.sessionId, Buffer.alloc(6 * 1024 * 1024, 'a,b\n'), '车辆.csv');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.fileTooLarge.code, msg: '文件过大：导入文件最大5MB' });
  });

  it('refuses a second import by the same user while the first runs; another user and a later one go ahead', async () => {
    const b = await createTenant(t, { codes: 'all' });
    const csv = Buffer.from('设备号,协议,车牌号\n013800000077,jt808,粤B77777\n');
    // The first upload arrives slowly: its last bytes wait until the others are answered, so it is
    // surely under way (its handler reads the body) while they come.
    const { payload, headers } = multipart({ fileName: 'a.csv', content: csv });
    const body = payload as Buffer;
    let reading!: () => void;
    const started = new Promise<void>((resolve) => (reading = resolve));
    const slowBody = new Readable({ read: () => reading() });
    slowBody.push(body.subarray(0, body.length - 8));
    const first = t.call(a.sessionId, { method: 'POST', url: VERIFY, headers, payload: slowBody });
    await started;
    const second = await verify(a.sessionId, csv, 'a.csv');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.importRunning.code, msg: '已有导入正在进行，请稍后再试' });
    expect((await verify(b.sessionId, csv, 'a.csv')).json().obj).toMatchObject({ total: 1, valid: 1 });
    slowBody.push(body.subarray(body.length - 8));
    slowBody.push(null);
    expect((await first).json().obj).toMatchObject({ total: 1, valid: 1 });
    expect((await verify(a.sessionId, csv, 'a.csv')).json().obj).toMatchObject({ total: 1, valid: 1 });
  });

  it('checks a sheet only for a role that may import it (vehicles, or terminals on their own path)', async () => {
    const adder = await createTenant(t, { codes: ['car', 'car:vehicle', 'car:vehicle:add'] });
    const csv = Buffer.from('设备号,协议\n013800000078,jt808\n');
    const refused = await verify(adder.sessionId, csv, 'a.csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ flag: 0, msg: '没有该操作的权限' });
    const stock = await createTenant(t, { codes: ['system', 'system:terminal', 'system:terminal:import'] });
    const terminalCheck = await t.call(stock.sessionId, {
      method: 'POST',
      url: '/car/v4/api/terminal/importVerify.json',
      ...multipart({ fileName: 'a.csv', content: csv }),
    });
    expect(terminalCheck.json().obj).toMatchObject({ total: 1, valid: 1 });
    expect((await verify(stock.sessionId, csv, 'a.csv')).statusCode).toBe(403);
  });
});
