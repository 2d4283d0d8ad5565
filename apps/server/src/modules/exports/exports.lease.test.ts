import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_ERRORS } from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { EXPORT_KINDS } from './exportKinds.ts';
import { exportsQueries, MAX_EXPORT_ATTEMPTS } from './exports.queries.ts';
import { ExportsService } from './exports.service.ts';
import { eventually } from '../../testing/testTerminal.ts';

/*
 * An export's claim is a lease fenced by its attempt: a worker that died (or stalled past the
 * lease) loses the job to the next claim, and nothing it writes afterwards counts. The cluster
 * test (cluster/jobs.exactlyOnce.test.ts) does the same with a jobs process SIGKILLed for real.
 */
let t: TestServer;
let a: Tenant;
let worker: ExportsService;
const LEASE_SECONDS = 5;

const queue = async () =>
  (
    await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v1/accelerate/export/exportDataReport.json',
      ...form({ reportType: 'userList' }),
    })
  ).json().obj.id as number;
const job = (id: number) =>
  t.ctx.db.one<{ status: string; attempt: number; error: string; size: number; worker: string }>(
    'SELECT status, attempt, error, size, worker FROM export_jobs WHERE id = $1',
    [id],
  );
/** A worker's heartbeat last came longer ago than the lease: its process is gone. */
const silence = (id: number) =>
  t.ctx.db.query(`UPDATE export_jobs SET heartbeat_at = now() - make_interval(secs => $2) WHERE id = $1`, [id, LEASE_SECONDS + 1]);

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: ['center', 'center:download', 'system:user'] });
  worker = new ExportsService(t.ctx, EXPORT_KINDS, { leaseSeconds: LEASE_SECONDS });
});
afterAll(() => t?.close());

describe('an export claimed on a lease', () => {
  it('goes to another worker when its worker stops renewing the lease, and the first worker can no longer write, finish or fail it', async () => {
    const id = await queue();
    const dead = await exportsQueries.claimNext(t.ctx.db, 'gone:1');
    expect(dead).toMatchObject({ id, status: 'running', attempt: 1 });
    expect(await exportsQueries.insertPart(t.ctx.db, id, 1, 0, Buffer.from('half a file'))).toBe(true);

    // Within the lease nobody else takes it.
    await worker.requeueStale();
    expect(await worker.runNext()).toBe(false);

    await silence(id);
    await worker.requeueStale();
    expect(await worker.runNext()).toBe(true);
    const done = await job(id);
    expect(done).toMatchObject({ status: 'done', attempt: 2, error: '' });
    expect(done!.worker).toMatch(/:\d+$/);

    // The first worker wakes up: its writes are refused, the file stays the second one's.
    expect(await exportsQueries.insertPart(t.ctx.db, id, 1, 1, Buffer.from('late'))).toBe(false);
    expect(await exportsQueries.finishParts(t.ctx.db, id, 1, 'stale.xlsx', 4)).toBe(false);
    await exportsQueries.failJob(t.ctx.db, id, 1, 'stale');
    expect(await job(id)).toMatchObject({ status: 'done', attempt: 2, error: '', size: done!.size });
    const parts = await t.ctx.db.query<{ attempt: number; bytes: number }>(
      'SELECT attempt, sum(length(data))::int AS bytes FROM export_file_parts WHERE job_id = $1 GROUP BY attempt',
      [id],
    );
    expect(parts).toEqual([{ attempt: 2, bytes: done!.size }]);

    const file = await t.call(null, { url: `/car/v1/accelerate/export/download.json?id=${id}&sessionId=${a.sessionId}` });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.length).toBe(done!.size);
  });

  it(`fails a job whose workers died ${MAX_EXPORT_ATTEMPTS} times instead of taking down another`, async () => {
    const id = await queue();
    for (let i = 1; i <= MAX_EXPORT_ATTEMPTS; i++) {
      expect(await exportsQueries.claimNext(t.ctx.db, `gone:${i}`)).toMatchObject({ id, attempt: i });
      await silence(id);
      await worker.requeueStale();
    }
    expect(await job(id)).toMatchObject({ status: 'failed', attempt: MAX_EXPORT_ATTEMPTS, error: EXPORT_ERRORS.failed.msg });
    expect(await worker.runNext()).toBe(false);
  });
});

describe('the worker', () => {
  it('starts on an export as soon as it is queued, without waiting for its poll', async () => {
    let runs = 0;
    const polled = new ExportsService(t.ctx, EXPORT_KINDS, { leaseSeconds: LEASE_SECONDS });
    const requeue = polled.requeueStale.bind(polled);
    polled.requeueStale = () => (runs++, requeue());
    // An hour between polls: only the queued notice can start the job below.
    const stop = polled.startWorker(3_600_000);
    try {
      await eventually(() => runs === 1);
      const id = await queue();
      expect((await eventually(async () => ((await job(id))?.status === 'done' ? job(id) : undefined)))!.attempt).toBe(1);
    } finally {
      await stop();
    }
  });
});
