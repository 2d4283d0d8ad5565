import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { runLeaseJob } from './leaseJob.ts';

/*
 * The lease clock bills rent for every period the rider holds the bike: a daily lease 10 days
 * behind gets every missed day billed in one pass (each due at its day's start), once however many
 * passes run, also side by side; paying them all makes the contract active and unlocks the bike. A
 * rent-to-own plan never bills past its last period.
 */
let t: TestServer;
let a: Tenant;
const api = '/elec-lease/v1/api';
let daily = { id: 0, started: 0 };
let toOwn = { id: 0, started: 0 };

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url: `${api}${url}`, ...form(fields) }).then((r) => r.json());
const detail = async (id: number) =>
  (await (await t.call(a.sessionId, { url: `${api}/contract/detail.json?contractId=${id}` })).json()).obj;
const rentBills = async (id: number) =>
  ((await detail(id)).bills as { kindName: string; seq: number; dueAt: number; amountFen: number }[])
    .filter((b) => b.kindName === '租金')
    .sort((x, y) => x.seq - y.seq);

/** A lease handed over 10 Beijing days ago, its first bills paid. */
async function leaseTenDaysBack(imei: string, code: string, idNumber: string, phone: string, plan: Record<string, string | number>) {
  await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/terminal/add.json', ...form({ terminalId: imei, protocol: 'gt06' }) });
  const vehicleId = (await post('/vehicle/add.json', { imei, code })).obj.vehicleId;
  const riderId = (await post('/rider/save.json', { name: '钱账期', idNumber, phone })).obj.riderId;
  const planId = (await post('/plan/save.json', { depositFen: 0, insuranceFen: 0, lateFeeFen: 200, ...plan })).obj.planId;
  const id = (await post('/contract/create.json', { riderId, vehicleId, planId })).obj.contract.contractId;
  await post('/payment/pay.json', { contractId: id, method: 'cash', providerRef: `SJ-${code}`, amountFen: plan.rentFen! });
  const startDate = beijingDayOf(Date.now() - 10 * DAY_MS);
  const started = (await post('/contract/handover.json', { contractId: id, startDate })).obj.detail.contract.started;
  return { id, started };
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  await post('/risk/saveSettings.json', { graceDays: 3, lockOnOverdue: true, lockOutOfArea: false, lockOnTamper: false });
  daily = await leaseTenDaysBack('868120145270001', 'ZL-B01', '110105199003071239', '13700137101', {
    name: '日租账期',
    kind: 'daily',
    rentFen: 1000,
  });
  toOwn = await leaseTenDaysBack('868120145270002', 'ZL-B02', '310104198805151237', '13700137102', {
    name: '以租代购3期',
    kind: 'rentToOwn',
    periodDays: 1,
    periods: 3,
    rentFen: 1000,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the lease clock bills every period the rider holds the bike', () => {
  it('bills all missed days of a daily lease 10 days behind in one pass, each due at its start, and once on a second pass', async () => {
    const at = new Date(daily.started + 10.5 * DAY_MS);
    await runLeaseJob(t.ctx.db, t.ctx.bus, at);
    // Days 2–11 have started, day 12 starts within a day: billed as the next period always was.
    const expected = Array.from({ length: 12 }, (_, i) => [i + 1, i === 0 ? null : daily.started + i * DAY_MS]);
    const billed = await rentBills(daily.id);
    expect(billed.map((b) => [b.seq, b.seq === 1 ? null : b.dueAt])).toEqual(expected);
    const c = (await detail(daily.id)).contract;
    expect(c).toMatchObject({ status: 'overdue', lockReason: 'overdue' });
    expect(c.owedFen).toBe(11 * 1000 + 9 * 200);

    await runLeaseJob(t.ctx.db, t.ctx.bus, at);
    expect((await rentBills(daily.id)).map((b) => b.seq)).toEqual(expected.map(([seq]) => seq));
    expect((await detail(daily.id)).contract.owedFen).toBe(c.owedFen);
  });

  it('bills each period once when two jobs processes run side by side', async () => {
    const at = new Date(daily.started + 13.5 * DAY_MS);
    await Promise.all([runLeaseJob(t.ctx.db, t.ctx.bus, at), runLeaseJob(t.ctx.db, t.ctx.bus, at)]);
    expect((await rentBills(daily.id)).map((b) => b.seq)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('never bills a rent-to-own plan past its last period', async () => {
    expect((await rentBills(toOwn.id)).map((b) => [b.seq, b.amountFen])).toEqual([
      [1, 1000],
      [2, 1000],
      [3, 1000],
    ]);
    await runLeaseJob(t.ctx.db, t.ctx.bus, new Date(toOwn.started + 20 * DAY_MS));
    expect(await rentBills(toOwn.id)).toHaveLength(3);
  });

  it('makes the contract active and unlocks the bike once every bill is paid', async () => {
    const owed = (await detail(daily.id)).contract.owedFen;
    const paid = await post('/payment/pay.json', {
      contractId: daily.id,
      method: 'wechat',
      providerRef: '4200001234202612020777',
      amountFen: owed,
    });
    expect(paid.obj.detail.contract).toMatchObject({ status: 'active', lockReason: '', owedFen: 0 });
    expect(paid.obj.detail.contract.dueAt).toBeGreaterThan(Date.now());
    expect(paid.obj.detail.locks[0]).toMatchObject({ actionName: '解锁', triggerName: '缴清欠款', userName: '系统' });
  });
});
