/**
 * What the rider's HTTP tests share (elecLease/rider.routes.test.ts, rider.refunds.test.ts): calls in a
 * session, an operator's rental, the person an invitation makes. Tests only.
 */
import { form, type TestServer } from './testServer.ts';
import type { Tenant } from './fixtures.ts';
import { hashPassword } from '../modules/auth/password.ts';

export const LEASE = '/elec-lease/v1/api';
export const RIDER = '/elec-lease/v1/rider';
export const DAY = 86_400_000;

/** A call in a session, answered as JSON. */
export const caller =
  (t: TestServer) =>
  (sid: string, method: 'GET' | 'POST', url: string, fields: Record<string, string | number | boolean> = {}) =>
    (method === 'GET' ? t.call(sid, { url }) : t.call(sid, { method, url, ...form(fields) })).then((r) => r.json());

/** An operator's rider, daily plan (deposit 200 元, rent 20 元) and contract for a bike on `terminal`, not yet paid. */
export async function pendingRental(t: TestServer, tenant: Tenant, terminal: string, code: string, idNumber: string, phone: string) {
  const call = caller(t);
  const post = (url: string, f: Record<string, string | number | boolean>) => call(tenant.sessionId, 'POST', `${LEASE}${url}`, f);
  await call(tenant.sessionId, 'POST', '/car/v4/api/terminal/add.json', { terminalId: terminal, protocol: 'gt06' });
  const vehicleId = (await post('/vehicle/add.json', { imei: terminal, code, plate: `沪C·${code.slice(-5)}` })).obj.vehicleId;
  const riderId = (await post('/rider/save.json', { name: '孙八', idNumber, phone, emergencyPhone: '13600136000' })).obj.riderId;
  const planId = (
    await post('/plan/save.json', { name: '日租', kind: 'daily', rentFen: 2000, depositFen: 20000, insuranceFen: 0, lateFeeFen: 300 })
  ).obj.planId;
  await post('/risk/saveSettings.json', { graceDays: 1, lockOnOverdue: true, lockOutOfArea: false, lockOnTamper: true });
  return (await post('/contract/create.json', { riderId, vehicleId, planId })).obj.contract.contractId as number;
}

/** An operator's rental: rider, daily plan, bike on `terminal`, paid at the counter and handed over. */
export async function rental(t: TestServer, tenant: Tenant, terminal: string, code: string, idNumber: string, phone: string) {
  const post = (url: string, f: Record<string, string | number | boolean>) => caller(t)(tenant.sessionId, 'POST', `${LEASE}${url}`, f);
  const id = await pendingRental(t, tenant, terminal, code, idNumber, phone);
  await post('/payment/pay.json', { contractId: id, method: 'cash', providerRef: `SJ${code}`, amountFen: 22000 });
  const start = (await post('/contract/handover.json', { contractId: id, batteryPercent: 90 })).obj.detail.contract.started as number;
  return { id, start };
}

/** The person an invitation makes (m-accounts' inviteEndUser): an account of kind person under the operator's, one user with the phone. */
export async function personWithPhone(t: TestServer, tenant: Tenant, phone: string): Promise<string> {
  const db = t.ctx.db;
  const acc = (await db.one<{ id: number }>(`INSERT INTO accounts (parent_id, name, kind) VALUES ($1, $2, 'person') RETURNING id`, [
    tenant.accountId,
    `骑手${phone.slice(-4)}`,
  ]))!;
  await db.query(`UPDATE accounts SET path = $2 || id || '/' WHERE id = $1`, [acc.id, tenant.accountPath]);
  const role = (await db.one<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES ($1, '骑手') RETURNING id`, [acc.id]))!;
  const username = `rider${phone}`;
  await db.query(`INSERT INTO users (account_id, role_id, username, name, phone, password_hash) VALUES ($1, $2, $3, $4, $5, $6)`, [
    acc.id,
    role.id,
    username,
    '骑手',
    phone,
    await hashPassword('Rider#2026pw'),
  ]);
  return t.login(username, 'Rider#2026pw');
}

/** How many payments, orders and orders no longer waiting for payment there are. */
export const counts = async (t: TestServer) =>
  (
    await t.ctx.db.query<{ payments: number; orders: number; paid: number }>(
      `SELECT (SELECT count(*) FROM elec_lease_payments)::int AS payments, (SELECT count(*) FROM elec_lease_pay_orders)::int AS orders,
              (SELECT count(*) FROM elec_lease_pay_orders WHERE status <> 'created')::int AS paid`,
    )
  )[0]!;
