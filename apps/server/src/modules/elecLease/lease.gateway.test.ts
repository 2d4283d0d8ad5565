import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Alarm, encodeGt06Location, encodeGt06Login, encodeGt06StringInfo } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startElecCarEngine, type ElecCarEngine } from '../elecCar/elecCarEngine.ts';
import { BILL_AHEAD_MS, runLeaseJob } from './leaseJob.ts';
import { riskQueries } from './risk.queries.ts';
import { issuePeriodsUntil } from './contracts.service.ts';
import { startAreaWatch, type AreaWatch } from './areaWatch.ts';
import { alarmTypeName } from '../../core/alarm.presenter.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

/*
 * The overdue lock over real TCP (GT06, as e-bike trackers speak it): a daily contract runs past
 * its paid time, becomes overdue, and once the grace period is over the job locks the bike through
 * 电单车卫士's safe power cut — which waits while the rider does 35 km/h and goes down at 12; paying
 * what is owed unlocks it. Then the bike leaves the operating boundary: 驶出运营区域, and a lock.
 */
let t: TestServer;
let gw: Gateway;
let engine: ElecCarEngine;
let areas: { watch: AreaWatch; stop(): void };
let a: Tenant;
let gt: TestTerminal;
const imei = '868120145250001';
const lease = '/elec-lease/v1/api';
let vehicleId = 0;
let contractId = 0;
let started = 0;
let serial = 10;

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());
const contract = async () => (await get(`${lease}/contract/detail.json?contractId=${contractId}`)).obj;
const status = async () => (await get(`/elec-car/v1/api/bike/detail.json?bikeId=${vehicleId}`)).obj.status;

async function drive(speedKmh: number, lat = 31.2304) {
  gt.send(
    encodeGt06Location({ time: Date.now(), lat, lon: 121.4737, valid: true, speedKmh, course: 0, satellites: 9, acc: true }, ++serial),
  );
  await eventually(async () => (await status()).speed === speedKmh && (await status()).lat === lat, 3000, `fix ${speedKmh} km/h stored`);
  await engine.settle();
  await areas.watch.idle();
}

async function nextCommand(): Promise<{ text: string; serverFlag: number }> {
  for (;;) {
    const frame = gt06Codec.decode(await gt.next(5000));
    if (frame.ok && frame.value.messageType === '0x80') return frame.value.messages[0].detail as { text: string; serverFlag: number };
  }
}

async function noCommandFor(ms: number) {
  const before = gt.received.length;
  await gt.silentFor(ms);
  return !gt.received.slice(before).some((f) => {
    const frame = gt06Codec.decode(f);
    return frame.ok && frame.value.messageType === '0x80';
  });
}

const alarmsOf = (type: string) =>
  t.ctx.db.query<{ id: number }>(`SELECT id FROM alarms WHERE vehicle_id = $1 AND type = $2`, [vehicleId, type]);

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  engine = startElecCarEngine(t.ctx, { sweepMs: 100, replyTimeoutMs: 3000 });
  areas = startAreaWatch(t.ctx);
  a = await createTenant(t, { codes: 'all' });
  await post('/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' });
  vehicleId = (
    await post(`${lease}/vehicle/add.json`, { imei, code: 'ZL-101', plate: '沪C·10101', batteryVoltage: 48, batteryCapacity: 20 })
  ).obj.vehicleId;
  const riderId = (
    await post(`${lease}/rider/save.json`, {
      name: '钱七',
      idNumber: '310104198805151237',
      phone: '13700137000',
      emergencyPhone: '13600136000',
    })
  ).obj.riderId;
  const planId = (
    await post(`${lease}/plan/save.json`, {
      name: '日租',
      kind: 'daily',
      rentFen: 2000,
      depositFen: 20000,
      insuranceFen: 0,
      lateFeeFen: 300,
    })
  ).obj.planId;
  expect(
    await post(`${lease}/risk/saveSettings.json`, { graceDays: 1, lockOnOverdue: true, lockOutOfArea: true, lockOnTamper: true }),
  ).toMatchObject({ flag: 1 });
  contractId = (await post(`${lease}/contract/create.json`, { riderId, vehicleId, planId })).obj.contract.contractId;
  expect(
    (await post(`${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: 'SJ0001', amountFen: 22000 })).obj.detail.contract
      .owedFen,
  ).toBe(0);
  started = (await post(`${lease}/contract/handover.json`, { contractId, batteryPercent: 90 })).obj.detail.contract.started;
  gt = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  gt.send(encodeGt06Login(imei, 1));
  await gt.next();
});
afterAll(async () => {
  gt?.close();
  areas?.stop();
  engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('overdue → locked safely → unlocked on payment', () => {
  it('bills the next day, marks the contract overdue with an alarm and a reminder, and waits out the grace period', async () => {
    await drive(35);
    // A second jobs process reads the contract as due at the same moment, and bills after the first.
    const readBySecond = await riskQueries.dueForBilling(t.ctx.db, new Date(started + 1.5 * DAY_MS), BILL_AHEAD_MS);
    expect(readBySecond.map((r) => [r.id, r.next_seq])).toEqual([[contractId, 2]]);
    await runLeaseJob(t.ctx.db, t.ctx.bus, new Date(started + 1.5 * DAY_MS), t.ctx.smsGateway);
    const until = new Date(started + 2.5 * DAY_MS);
    for (const row of readBySecond)
      expect(await issuePeriodsUntil(t.ctx.db, row, { seq: row.next_seq, from: row.billed_through }, until)).toBe(0);
    const c = await contract();
    // Day 2 has started, day 3 starts within a day: both billed, each due at its start.
    expect(c.bills.filter((b: { kindName: string }) => b.kindName === '租金').map((b: { seq: number }) => b.seq)).toEqual([1, 2, 3]);
    expect(c.contract).toMatchObject({ status: 'overdue', statusName: '已逾期', owedFen: 4000, lockReason: '' });
    expect(c.bills.at(-1)).toMatchObject({ kindName: '租金', seq: 3, amountFen: 2000, dueAt: started + 2 * DAY_MS });
    expect(c.reminders).toHaveLength(1);
    expect(c.reminders[0].text).toContain('逾期超过1天车辆将被远程锁定');
    expect(await alarmsOf('leaseOverdue')).toHaveLength(1);
    expect(await noCommandFor(300)).toBe(true);
    // The job runs again (another process, the next minute): nothing happens twice.
    await runLeaseJob(t.ctx.db, t.ctx.bus, new Date(started + 1.5 * DAY_MS), t.ctx.smsGateway);
    expect((await contract()).reminders).toHaveLength(1);
    // The rider is told by SMS, once for the day however often the job runs.
    const texts = await t.ctx.db.query<{ content: string }>(`SELECT content FROM sms_outbox WHERE phone = '13700137000'`);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.content).toMatch(/^【车联】.*逾期超过1天车辆将被远程锁定/);
    expect(await alarmsOf('leaseOverdue')).toHaveLength(1);
  });

  it('after the grace period locks through the safe power cut: pending at 35 km/h, cut at 12', async () => {
    await runLeaseJob(t.ctx.db, t.ctx.bus, new Date(started + 2.5 * DAY_MS));
    const c = await contract();
    expect(c.contract).toMatchObject({ lockReason: 'overdue', owedFen: 3 * 2000 + 300 });
    expect(c.bills.filter((b: { kindName: string }) => b.kindName === '滞纳金')).toMatchObject([{ amountFen: 300 }]);
    expect(c.locks).toHaveLength(1);
    expect(c.locks[0]).toMatchObject({
      actionName: '锁车',
      triggerName: '逾期未缴',
      userName: '系统',
      reason: '逾期1天，已过1天宽限期',
      orderStatus: 'pending',
      orderStatusName: '等待减速',
    });
    expect(c.locks[0].answer).toContain('车辆正在行驶（35 km/h），车速低于 20 km/h 后执行');
    expect(await noCommandFor(300)).toBe(true);
    await runLeaseJob(t.ctx.db, t.ctx.bus, new Date(started + 2.5 * DAY_MS));
    expect((await contract()).locks).toHaveLength(1);

    await drive(12);
    const cut = await nextCommand();
    expect(cut.text).toBe('DYD,000000#');
    gt.send(encodeGt06StringInfo(cut.serverFlag, 'DYD=Success!', ++serial));
    await eventually(async () => (await contract()).locks[0].orderStatus === 'done', 4000, 'lock carried out');
    await eventually(async () => (await status()).powerCut === true, 4000, 'power cut shown');
    const overdue = (await get(`${lease}/risk/overdue.json`)).obj;
    expect(overdue.list).toMatchObject([{ contractId, vehicleCode: 'ZL-101', owedFen: 6300, lockReason: 'overdue', reminders: 2 }]);
  });

  it('unlocks when what is owed is paid', async () => {
    const paid = await post(`${lease}/payment/pay.json`, {
      contractId,
      method: 'wechat',
      providerRef: '4200001234202611260099',
      amountFen: 6300,
    });
    expect(paid.obj.detail.contract).toMatchObject({ status: 'active', lockReason: '', owedFen: 0 });
    expect(paid.obj.detail.locks[0]).toMatchObject({ actionName: '解锁', triggerName: '缴清欠款', userName: '系统' });
    expect(paid.obj.detail.locks[0].reason).toBe(`${a.username} 登记收款，欠租已缴清，自动解锁`);
    const restore = await nextCommand();
    expect(restore.text).toBe('HFYD,000000#');
    gt.send(encodeGt06StringInfo(restore.serverFlag, 'HFYD=Success!', ++serial));
    await eventually(async () => (await status()).powerCut === false, 4000, 'power restored');
  });
});

describe('service area', () => {
  it('raises 驶出运营区域 once when a rented bike leaves the boundary, and locks it by the rule', async () => {
    const [fence] = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO geofences (account_id, name, kind, center_lon, center_lat, radius_m) VALUES ($1, '徐汇运营区', 'circle', 121.4737, 31.2304, 3000) RETURNING id`,
      [a.accountId],
    );
    for (const kind of ['parking', 'toString'])
      expect(await post(`${lease}/area/set.json`, { geofenceId: fence!.id, kind })).toMatchObject({
        errorCode: 'elecLease.areaKindUnknown',
        msg: `不支持的区域类型：${kind}`,
      });
    const set = await post(`${lease}/area/set.json`, { geofenceId: fence!.id, kind: 'boundary' });
    expect(set.obj).toEqual([expect.objectContaining({ name: '徐汇运营区', kind: 'boundary', kindName: '运营区域' })]);
    await drive(10, 31.2404); // ~1.1 km north: inside
    expect(await alarmsOf('leaseOutOfArea')).toHaveLength(0);
    await drive(10, 31.3304); // ~11 km north: outside
    expect(await alarmsOf('leaseOutOfArea')).toHaveLength(1);
    const cut = await nextCommand(); // 10 km/h: safe at once
    expect(cut.text).toBe('DYD,000000#');
    const locks = (await contract()).locks;
    expect(locks[0]).toMatchObject({ actionName: '锁车', triggerName: '驶出运营区域', userName: '系统' });
    await drive(8, 31.3305); // still outside: no second alarm
    expect(await alarmsOf('leaseOutOfArea')).toHaveLength(1);
    // In the one alarm table, named in the platform's words.
    const [row] = await t.ctx.db.query<{ type: AlarmType; lat: number }>(`SELECT type, lat FROM alarms WHERE id = $1`, [
      (await alarmsOf('leaseOutOfArea'))[0]!.id,
    ]);
    expect(row).toMatchObject({ type: 'leaseOutOfArea', lat: 31.3304 });
    expect(alarmTypeName(row!.type)).toBe('驶出运营区域');
  });

  it('locks a rented bike whose tracker reports tampering, once; the operator unlocks it by hand', async () => {
    const unlocked = await post(`${lease}/risk/unlock.json`, { contractId, reason: '已回到运营区域' });
    expect(unlocked.obj).toMatchObject({ actionName: '解锁', triggerName: '人工操作', userName: a.username, reason: '已回到运营区域' });
    const restore = await nextCommand();
    expect(restore.text).toBe('HFYD,000000#');
    gt.send(encodeGt06StringInfo(restore.serverFlag, 'HFYD=Success!', ++serial));
    expect(await post(`${lease}/risk/unlock.json`, { contractId, reason: 'again' })).toMatchObject({
      flag: 0,
      errorCode: 'elecLease.notLocked',
      msg: '车辆未锁定',
    });

    await drive(0, 31.2304);
    gt.send(
      encodeGt06Alarm(
        { time: Date.now(), lat: 31.2304, lon: 121.4737, valid: true, speedKmh: 0, course: 0, satellites: 9, acc: false },
        'tamper',
        { acc: false },
        ++serial,
      ),
    );
    await eventually(async () => (await contract()).locks[0].triggerName === '拆改报警', 4000, 'tamper lock');
    expect((await contract()).locks[0]).toMatchObject({
      actionName: '锁车',
      userName: '系统',
      reason: expect.stringMatching(/^终端上报拆除报警（\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}）$/), // Beijing time, as the pages write it
    });
    expect((await nextCommand()).text).toBe('DYD,000000#'); // standing still: cut at once
    const res = await post(`${lease}/risk/lock.json`, { contractId, reason: '再锁一次' });
    expect(res).toMatchObject({ flag: 0, errorCode: 'elecLease.alreadyLocked', msg: '车辆已锁定（拆改报警）' });
  });

  it('raises 禁停区停车 for a stop inside a no-parking zone that a burst of reports passes through', async () => {
    const [zone] = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO geofences (account_id, name, kind, center_lon, center_lat, radius_m) VALUES ($1, '地铁口禁停', 'circle', 121.4737, 31.2354, 100) RETURNING id`,
      [a.accountId],
    );
    expect((await post(`${lease}/area/set.json`, { geofenceId: zone!.id, kind: 'noParking' })).flag).toBe(1);
    const at = Math.floor(Date.now() / 1000) * 1000; // after the tamper report above: older fixes would not be fed
    const report = (i: number, lat: number, speedKmh: number) =>
      encodeGt06Location(
        { time: at + i * 1_000, lat, lon: 121.4737, valid: true, speedKmh, course: 0, satellites: 9, acc: true },
        ++serial,
      );
    // Rolls in, stands in the zone, rolls on: written at once, committed together; the newest fix is outside again.
    gt.send(Buffer.concat([report(0, 31.2334, 12), report(1, 31.2354, 0), report(2, 31.2374, 12)]));
    await eventually(async () => (await alarmsOf('leaseNoParking')).length > 0, 4000, 'no-parking alarm');
    await areas.watch.idle();
    expect(await alarmsOf('leaseNoParking')).toHaveLength(1);
  });

  it('sends a lapsed lock again, once, however many jobs run', async () => {
    // The tamper cut above was never answered: 电单车卫士 fails it after the reply timeout.
    await eventually(async () => (await contract()).locks[0].orderStatus === 'failed', 8000, 'unanswered cut failed');
    // A minute later (the job waits that long before renewing a lock):
    await t.ctx.db.query(`UPDATE elec_lease_locks SET created_at = created_at - interval '2 minutes' WHERE contract_id = $1`, [contractId]);
    await Promise.all([runLeaseJob(t.ctx.db, t.ctx.bus), runLeaseJob(t.ctx.db, t.ctx.bus)]);
    const locks = (await contract()).locks;
    expect(locks.filter((k: { reason: string }) => k.reason === '上次锁车未执行，重新下发')).toHaveLength(1);
    expect(locks[0]).toMatchObject({ actionName: '锁车', triggerName: '拆改报警', userName: '系统' });
    const again = await nextCommand();
    expect(again.text).toBe('DYD,000000#');
    gt.send(encodeGt06StringInfo(again.serverFlag, 'DYD=Success!', ++serial));
    await eventually(async () => (await contract()).locks[0].orderStatus === 'done', 4000, 'renewed lock carried out');
  });
});
