/**
 * What the operator's HTTP tests share (elecLease/fleet.routes.test.ts, contracts.routes.test.ts): two
 * operators with three terminals, calls under the back office's API, the rider, bikes and plan a
 * contract needs, and the ledger check. Tests only.
 */
import { expect } from 'vitest';
import { form, type TestServer } from './testServer.ts';
import { createTenant, type Tenant } from './fixtures.ts';
import { caller, LEASE } from './leaseRider.ts';

type Fields = Record<string, string | number | boolean>;

export const IMEIS = ['868120145240001', '868120145240002', '868120145240003'];
export const ZHANG_SAN = {
  name: '张三',
  idNumber: '11010519491231002X',
  phone: '13800138000',
  emergencyName: '李四',
  emergencyPhone: '13900139000',
};
/** Bike i (0–2) on terminal IMEIS[i], coded ZL-001…ZL-003. */
export const bikeFields = (i: number) => ({
  imei: IMEIS[i]!,
  code: `ZL-00${i + 1}`,
  plate: `沪C·0000${i + 1}`,
  model: 'TDT-1',
  batteryModel: '48V20Ah 锂电',
  batteryVoltage: 48,
  batteryCapacity: 20,
});
export const WEEKLY_PLAN = { name: '周租', kind: 'weekly', rentFen: 8800, depositFen: 50000, insuranceFen: 1500, lateFeeFen: 500 };

/** Operators a and b, each seeing every resource; a has the terminals IMEIS. */
export async function twoOperators(t: TestServer) {
  const a = await createTenant(t, { codes: 'all' });
  const b = await createTenant(t, { codes: 'all' });
  for (const id of IMEIS)
    expect(
      (
        await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/terminal/add.json', ...form({ terminalId: id, protocol: 'gt06' }) })
      ).json().flag,
    ).toBe(1);
  return { a, b };
}

/** Calls under the back office's API on the file's server (read at each call, so they can be made before it is up). */
export function leaseOperatorCalls(server: () => TestServer) {
  const post = (sid: string, url: string, fields: Fields) => caller(server())(sid, 'POST', `${LEASE}${url}`, fields);
  const get = (sid: string, url: string) => caller(server())(sid, 'GET', `${LEASE}${url}`);

  /** Every journal debits what it credits, and so does the whole ledger; receivable equals what the bills still ask. */
  async function expectBalanced(tenant: Tenant) {
    const db = server().ctx.db;
    const unbalanced = await db.query(
      `SELECT j.id FROM elec_lease_journals j JOIN elec_lease_ledger l ON l.journal_id = j.id WHERE j.account_id = $1 GROUP BY j.id HAVING sum(l.debit_fen) <> sum(l.credit_fen)`,
      [tenant.accountId],
    );
    expect(unbalanced).toEqual([]);
    const [sums] = await db.query<{ debit: number; credit: number; receivable: number; owed: number }>(
      `SELECT sum(l.debit_fen)::bigint AS debit, sum(l.credit_fen)::bigint AS credit,
              sum(CASE WHEN l.ledger_account = 'receivable' THEN l.debit_fen - l.credit_fen ELSE 0 END)::bigint AS receivable,
              (SELECT COALESCE(sum(amount_fen - paid_fen), 0) FROM elec_lease_bills WHERE account_id = $1 AND status = 'unpaid')::bigint AS owed
         FROM elec_lease_ledger l JOIN elec_lease_journals j ON j.id = l.journal_id WHERE j.account_id = $1`,
      [tenant.accountId],
    );
    expect(sums!.debit).toBe(sums!.credit);
    expect(sums!.receivable).toBe(sums!.owed);
    const ledger = (await get(tenant.sessionId, '/ledger/summary.json')).obj;
    expect(ledger).toMatchObject({ balanced: true, debitFen: sums!.debit, creditFen: sums!.credit });
    return ledger;
  }

  /** What a contract needs, as fleet.routes.test.ts's first tests make it: bikes ZL-001…003, rider 张三, the weekly plan. */
  async function leaseFleet(tenant: Tenant) {
    const vehicles: number[] = [];
    for (const i of IMEIS.keys()) vehicles.push((await post(tenant.sessionId, '/vehicle/add.json', bikeFields(i))).obj.vehicleId);
    const riderId: number = (await post(tenant.sessionId, '/rider/save.json', ZHANG_SAN)).obj.riderId;
    const planId: number = (await post(tenant.sessionId, '/plan/save.json', WEEKLY_PLAN)).obj.planId;
    return { vehicles, riderId, planId };
  }

  return { post, get, expectBalanced, leaseFleet };
}
