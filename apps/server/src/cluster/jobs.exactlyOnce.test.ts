/**
 * Every background job does its work once with TWO jobs processes (and two API processes) on one
 * PostgreSQL database and one NATS, as launchCluster runs them: the work is in the database
 * before they start, so both reach for the same rows at once. Rollups match a single-process
 * recount; retention drops and prunes once; exports are made once, and one whose jobs process is
 * SIGKILLed mid-file is finished by the other after the lease; alarms reach the webhook and SMS once;
 * 电单车租赁's billing, reminders, alarms and locks, and 宠物卫士's lost-mode revert happen once per
 * contract and pet. docs/scaling.md "Exactly once" says how each job claims its work.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDayOf, beijingDayStart, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { createTestDb, TEST_ADMIN_PASSWORD, type TestDb } from '../testing/testDb.ts';
import { freePort } from '../testing/freePort.ts';
import { eventually } from '../testing/testTerminal.ts';
import { startWebhookReceiver } from '../testing/webhookReceiver.ts';
import { storedPosition } from '../testing/storedPosition.ts';
import { ingestQueries, type StoredPosition } from '../gateway/ingest.queries.ts';
import { backfill } from '../modules/reports/rollup.service.ts';
import { launchCluster, terminalProtocols, type Cluster } from './launchCluster.ts';
import { connectNatsBus } from '../bus/nats.bus.ts';
import { subjects } from '../bus/subjects.ts';
import { createLogger } from '../log.ts';
import { clusterSkipReason, login, postForm, postJson } from './clusterClient.ts';

const skip = await clusterSkipReason('jobs.exactlyOnce.test.ts');
const repo = path.resolve(import.meta.dirname, '../../../..');
const KEEP_DAYS = 30;
const LEASE_SECONDS = 3;
const ALARMS = 20;
const EXPORTS = 8;
const PETS = 5;
const CONTRACTS = 3;
const lease = '/elec-lease/v1/api';
const natsPrefix = `jx${randomBytes(4).toString('hex')}`;

let cluster: Cluster;
let db: TestDb;
let dataDir: string;
let distDir: string;
let session: string;
let rootAccount: number;
let adminId: number;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** The jobs processes' log lines that count work done (retention) or report a failed pass. */
const jobLines: Array<{ name: string; line: string }> = [];
const terminals: number[] = [];
const todayRows: StoredPosition[] = [];

const api = (n: 1 | 2) => cluster.byName(`api-${n}`).httpPort;
const sumOf = (field: string) => jobLines.reduce((n, l) => n + (Number((JSON.parse(l.line) as Record<string, unknown>)[field]) || 0), 0);
const failures = () => jobLines.filter((l) => l.line.includes('"level":50')).map((l) => `${l.name}: ${l.line}`);

/** Stored as a gateway stores them: the positions and each terminal's latest (which today's rollup passes start from). */
async function store(rows: StoredPosition[]) {
  const latest = new Map<number, StoredPosition>();
  for (const r of rows) if ((latest.get(r.terminalPk)?.gpsTime ?? -Infinity) < r.gpsTime) latest.set(r.terminalPk, r);
  await ingestQueries.copyPositions(db, rows);
  await ingestQueries.upsertLatest(db, [...latest.values()]);
}

/** A valid GB 11643 identity number (the rider check refuses others). */
function idNumber(serial: number) {
  const body = `11010519900101${String(serial).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((n, d, i) => n + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

async function addTerminal(identifier: string, protocol: string) {
  const row = await db.one<{ id: number }>(
    `INSERT INTO terminals (identifier, identifier_key, protocol, account_id, assigned_at) VALUES ($1, $1, $2, $3, now() - interval '60 days') RETURNING id`,
    [identifier, protocol, rootAccount],
  );
  return row!.id;
}

/** What the jobs find when they start: positions (old, past days, today), old audit rows, queued exports, alarms, pets out of lost mode. */
async function seed() {
  rootAccount = (await db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))!.id;
  adminId = (await db.one<{ id: number }>(`SELECT id FROM users WHERE username = 'admin'`))!.id;
  for (let i = 0; i < 4; i++) terminals.push(await addTerminal(`1387200000${i}`, 'jt808'));
  const now = Date.now();
  const today = beijingDayOf(now);
  // Three old days, each in its own partition: retention drops each once.
  await db.query(
    `SELECT ensure_position_partitions((now() AT TIME ZONE 'UTC')::date - $1::int, (now() AT TIME ZONE 'UTC')::date - $2::int)`,
    [KEEP_DAYS + 12, KEEP_DAYS + 10],
  );
  const rows: StoredPosition[] = [];
  for (const pk of terminals) {
    for (let d = KEEP_DAYS + 10; d <= KEEP_DAYS + 12; d++) rows.push(storedPosition({ terminalPk: pk, gpsTime: now - d * DAY_MS }));
    // Three finished days and today (its last two hours): a fix a minute, drifting north.
    for (let back = 3; back >= 0; back--) {
      const start = back > 0 ? beijingDayStart(addDays(today, -back)) + 8 * 3600_000 : Math.max(beijingDayStart(today), now - 121 * 60_000);
      for (let i = 0; i < 120 && start + i * 60_000 < now - 60_000; i++) {
        // Parked for 20 minutes in the middle: a stay.
        const parked = i >= 40 && i < 60;
        const p = storedPosition({
          terminalPk: pk,
          gpsTime: start + i * 60_000,
          lat: 31.2 + Math.min(i, parked ? 40 : i) * 0.001,
          speed: parked ? 0 : 30 + (i % 20),
        });
        (back === 0 ? todayRows : rows).push(p);
      }
    }
  }
  todayRows.sort((x, y) => x.gpsTime - y.gpsTime);
  // Today's first half now; the later half arrives, in order, while the jobs roll up (below).
  await store([...rows, ...todayRows.slice(0, todayRows.length >> 1)]);

  await db.query(
    `INSERT INTO audit_log (at, account_path, method, path, action, ok) SELECT now() - make_interval(days => $1 + g), '/', 'POST', '/x', '旧记录', true FROM generate_series(1, 25) g`,
    [KEEP_DAYS],
  );
  await db.query(
    `INSERT INTO export_jobs (user_id, account_id, name, report_type) SELECT $1, $2, '用户列表 ' || g, 'userList' FROM generate_series(1, $3::int) g`,
    [adminId, rootAccount, EXPORTS],
  );
  for (let i = 0; i < PETS; i++) {
    const pk = await addTerminal(`86812014600000${i}`, 'watch');
    await db.query(`INSERT INTO pets (account_id, name, terminal_id, lost_until) VALUES ($1, $2, $3, now() - interval '1 minute')`, [
      rootAccount,
      `走失${i}`,
      pk,
    ]);
  }
}

describe.skipIf(skip)('each background job runs once with two jobs processes', () => {
  beforeAll(async () => {
    distDir = path.join(repo, '.tmp', `jobs-dist-${process.pid}`);
    execFileSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], {
      env: { ...process.env, SERVER_OUTDIR: distDir },
      stdio: 'pipe',
    });
    db = await createTestDb();
    await seed();
    hook = await startWebhookReceiver();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-jobs-'));
    const ports: Record<string, number> = {};
    for (const p of terminalProtocols()) ports[p] = await freePort();
    cluster = await launchCluster({
      databaseUrl: db.connectionString!,
      natsUrl: process.env.NATS_URL!,
      natsPrefix,
      dataDir,
      listenHost: '127.0.0.1',
      httpPort: await freePort(),
      terminalPorts: ports,
      gateways: 1,
      apis: 2,
      jobs: 2,
      runtime: { kind: 'built', dir: distDir },
      env: {
        LOG_LEVEL: 'info',
        PUSH_ALLOW_PRIVATE_TARGETS: '1',
        CHELIAN_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        POSITION_RETENTION_DAYS: String(KEEP_DAYS),
        AUDIT_RETENTION_DAYS: String(KEEP_DAYS),
        REPORT_ROLLUP_SECONDS: '1',
        LEASE_JOB_SECONDS: '1',
        EXPORT_LEASE_SECONDS: String(LEASE_SECONDS),
      },
      onOutput: (name, line) => {
        if (name.startsWith('jobs') && /"level":50|"dropped"|"removed"/.test(line)) jobLines.push({ name, line });
      },
    });
    session = await login(api(1), 'admin', TEST_ADMIN_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await hook?.close();
    await db?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  }, 60_000);

  it('rolls each day of each terminal up once: the figures equal a single-process recount', async () => {
    // The rest of today arrives in five batches, in time order, while both processes roll up every second.
    const rest = todayRows.slice(todayRows.length >> 1);
    const batch = Math.ceil(rest.length / 5);
    for (let i = 0; i < rest.length; i += batch) {
      await store(rest.slice(i, i + batch));
      await new Promise((r) => setTimeout(r, 700));
    }
    const today = beijingDayOf(Date.now());
    const from = addDays(today, -3);
    const stats = () =>
      db.query<Record<string, unknown>>(
        `SELECT terminal_id::int, to_char(day, 'YYYY-MM-DD') AS day, position_count, round(mileage_km::numeric, 6)::float AS km, max_speed, first_position_at, last_position_at
           FROM daily_terminal_stats WHERE day >= $1::date ORDER BY 1, 2`,
        [from],
      );
    const stays = () =>
      db.query(
        `SELECT terminal_id::int, to_char(day, 'YYYY-MM-DD') AS day, start_at, end_at, seconds, open FROM daily_stays WHERE day >= $1::date ORDER BY 1, 3`,
        [from],
      );
    const expected = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM positions WHERE gps_time >= $1', [
      new Date(beijingDayStart(from)),
    ]))!.n;
    const counted = async () => (await stats()).reduce((n, r) => n + Number(r.position_count), 0);
    await eventually(async () => (await counted()) >= expected, 20_000, `every position rolled up (${expected})`);
    expect(await counted()).toBe(expected);
    // Two more passes of each process: nothing is added twice.
    const passedAt = Date.now();
    await eventually(
      async () => (await db.one<{ at: Date }>('SELECT max(rolled_up_at) AS at FROM daily_rollup_days'))!.at.getTime() > passedAt + 2000,
      10_000,
      'later passes',
    );
    const byTwo = await stats();
    const stayedByTwo = await stays();
    expect(byTwo).toHaveLength(terminals.length * (todayRows.length ? 4 : 3));
    expect(stayedByTwo.length).toBeGreaterThanOrEqual(terminals.length * 3);
    // The single-process result: every day recounted from scratch in this process.
    await backfill(db, from, today);
    expect(byTwo).toEqual(await stats());
    expect(stayedByTwo).toEqual(await stays());
  });

  it('drops each old partition and prunes each old audit row once, without a failed pass', async () => {
    await eventually(
      async () =>
        (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE at < now() - interval '${KEEP_DAYS} days'`))!.n === 0,
      10_000,
      'audit pruned',
    );
    const old = await db.query(`SELECT 1 FROM positions WHERE gps_time < now() - interval '${KEEP_DAYS + 1} days'`);
    expect(old).toEqual([]);
    const parts = await db.query<{ day: string }>(
      `SELECT substr(c.relname, 11) AS day FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass AND c.relname ~ '^positions_[0-9]{8}$'`,
    );
    const cutoff = new Date(Date.now() - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '');
    expect(parts.filter((p) => p.day < cutoff)).toEqual([]);
    // What the two processes say they did adds up to what there was: three partitions, 25 rows.
    expect(sumOf('dropped')).toBe(3);
    expect(sumOf('removed')).toBe(25);
    expect(failures()).toEqual([]);
  });

  it('makes each queued export once: one file of one attempt each', async () => {
    await eventually(async () => (await db.query(`SELECT 1 FROM export_jobs WHERE status <> 'done'`)).length === 0, 20_000, 'exports done');
    const jobs = await db.query<{ id: number; attempt: number; size: number; parts: number; bytes: number }>(
      `SELECT j.id, j.attempt, j.size, count(p.seq)::int AS parts, COALESCE(sum(length(p.data)), 0)::int AS bytes
         FROM export_jobs j LEFT JOIN export_file_parts p ON p.job_id = j.id GROUP BY j.id ORDER BY j.id`,
    );
    expect(jobs).toHaveLength(EXPORTS);
    for (const j of jobs) expect(j, `export ${j.id}`).toMatchObject({ attempt: 1, parts: 1, bytes: j.size });
  });

  it('delivers each alarm once to the webhook and once by SMS', async () => {
    const phone = '13900139000';
    const target = await postJson(
      api(1),
      '/car/v4/api/alarm/push/configPushTarget.json',
      { webhookUrl: hook.url, webhookSecret: 's', smsPhones: [phone] },
      session,
    );
    expect(target.flag, target.msg).toBe(1);
    const items = [{ alarmType: 'sos', enabled: true, channels: ['webhook', 'sms'], minIntervalMinutes: 0 }];
    const pushes = await postJson(api(2), '/car/v4/api/alarm/push/configAlarmPush.json', { items }, session);
    expect(pushes.flag, pushes.msg).toBe(1);
    const ids = await db.query<{ id: number }>(
      `INSERT INTO alarms (terminal_id, account_id, type, alarm_time, lat, lon)
       SELECT ($1::bigint[])[1 + g % 4], $2, 'sos', now() - make_interval(secs => g), 31.2, 121.4 FROM generate_series(1, $3::int) g RETURNING id`,
      [terminals, rootAccount, ALARMS],
    );
    // Stored, then news on the bus, as every engine and gateway raises alarms: the delivery worker wakes on the news.
    const bus = await connectNatsBus(process.env.NATS_URL!, createLogger('silent'), natsPrefix);
    bus.publish(subjects.live('alarm', '/', '13872000000'), {});
    await bus.flush();
    await bus.close();
    await hook.waitFor(ALARMS, 20_000);
    await new Promise((r) => setTimeout(r, 3000)); // a second delivery would have come by now
    const delivered = hook.received.map((h) => (h.json.alarm as { alarmId: number }).alarmId).sort((x, y) => x - y);
    expect(delivered).toEqual(ids.map((r) => Number(r.id)).sort((x, y) => x - y));
    const sms = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alarm_deliveries WHERE channel = 'sms' AND status = 'sent' GROUP BY alarm_id`,
    );
    expect(sms.map((r) => r.n)).toEqual(Array(ALARMS).fill(1));
    expect((await db.one<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1', [phone]))!.n).toBe(ALARMS);
  });

  it('reverts each pet out of lost mode once', async () => {
    await eventually(
      async () => (await db.query('SELECT 1 FROM pets WHERE lost_restored_at IS NULL')).length === 0,
      10_000,
      'lost modes ended',
    );
    const sent = await db.query<{ n: number }>(
      `SELECT count(c.id)::int AS n FROM pets p LEFT JOIN commands c ON c.terminal_id = p.terminal_id AND c.type = 'setInterval' GROUP BY p.id`,
    );
    expect(sent.map((r) => r.n)).toEqual(Array(PETS).fill(1));
  });

  it('bills, reminds, raises and locks each overdue lease contract once', async () => {
    const post = async (url: string, fields: Record<string, string | number>) => {
      const res = await postForm(api(1), `${lease}${url}`, fields, session);
      expect(res.flag, `${url}: ${res.msg}`).toBe(1);
      return res.obj;
    };
    const planId = (
      await post('/plan/save.json', { name: '日租', kind: 'daily', rentFen: 2000, depositFen: 20000, insuranceFen: 0, lateFeeFen: 300 })
    ).planId;
    await post('/risk/saveSettings.json', { graceDays: 1, lockOnOverdue: 'true', lockOutOfArea: 'false', lockOnTamper: 'false' });
    const contracts: number[] = [];
    for (let i = 0; i < CONTRACTS; i++) {
      const imei = `86812014700000${i}`;
      const added = await postForm(api(2), '/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' }, session);
      expect(added.flag, added.msg).toBe(1);
      const vehicleId = (
        await post('/vehicle/add.json', { imei, code: `ZL-90${i}`, plate: `沪C·9090${i}`, batteryVoltage: 48, batteryCapacity: 20 })
      ).vehicleId;
      const riderId = (
        await post('/rider/save.json', {
          name: '钱七',
          idNumber: idNumber(100 + i),
          phone: `1370013700${i}`,
          emergencyPhone: '13600136000',
        })
      ).riderId;
      const contractId = (await post('/contract/create.json', { riderId, vehicleId, planId })).contract.contractId;
      await post('/payment/pay.json', { contractId, method: 'cash', providerRef: `SJ9${i}`, amountFen: 22000 });
      await post('/contract/handover.json', { contractId, batteryPercent: 90 });
      contracts.push(contractId);
    }
    // Three days past its paid time: both processes find each contract to bill, mark, remind and lock.
    await db.query(`UPDATE elec_lease_contracts SET due_at = now() - interval '3 days' WHERE id = ANY($1::bigint[])`, [contracts]);
    await eventually(
      async () =>
        (await db.query(`SELECT 1 FROM elec_lease_contracts WHERE id = ANY($1::bigint[]) AND lock_reason = 'overdue'`, [contracts]))
          .length === CONTRACTS,
      15_000,
      'contracts locked',
    );
    await new Promise((r) => setTimeout(r, 3000)); // a few more passes of each process
    for (const id of contracts) {
      const count = async (sql: string) => (await db.one<{ n: number }>(sql, [id]))!.n;
      // every day held is billed once: the first (paid at signing), then the three missed days, today and
      // tomorrow (a period is billed a day ahead), whichever process billed it
      const rent = await db.query<{ seq: number }>(
        `SELECT seq FROM elec_lease_bills WHERE contract_id = $1 AND kind = 'rent' ORDER BY seq`,
        [id],
      );
      expect(
        rent.map((b) => b.seq),
        `rent bills of ${id}`,
      ).toEqual([1, 2, 3, 4, 5, 6]);
      const fees = await db.query<{ seq: number }>(
        `SELECT seq FROM elec_lease_bills WHERE contract_id = $1 AND kind = 'lateFee' ORDER BY seq`,
        [id],
      );
      expect(fees.map((f) => f.seq)).toEqual(fees.map((_, i) => i + 1));
      expect(await count(`SELECT count(*)::int AS n FROM elec_lease_reminders WHERE contract_id = $1 AND auto`)).toBe(1);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM sms_outbox s JOIN elec_lease_contracts c ON c.id = $1 JOIN elec_lease_riders r ON r.id = c.rider_id WHERE s.phone = r.phone`,
        ),
      ).toBe(1);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM alarms a JOIN elec_lease_contracts c ON c.vehicle_id = a.vehicle_id WHERE c.id = $1 AND a.type = 'leaseOverdue'`,
        ),
      ).toBe(1);
      expect(await count(`SELECT count(*)::int AS n FROM elec_lease_locks WHERE contract_id = $1 AND action = 'lock'`)).toBe(1);
    }
  });

  it('finishes an export once when its jobs process is SIGKILLed mid-file: the other takes it after the lease', async () => {
    // The export reads the roles table: held locked here, the file cannot be finished until it is let go.
    const holder = new pg.Client({ connectionString: db.connectionString });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE roles IN ACCESS EXCLUSIVE MODE');
      const id = (await db.one<{ id: number }>(
        `INSERT INTO export_jobs (user_id, account_id, name, report_type) VALUES ($1, $2, '用户列表', 'userList') RETURNING id`,
        [adminId, rootAccount],
      ))!.id;
      let worker = '';
      await eventually(
        async () => {
          worker = (await db.one<{ status: string; worker: string }>('SELECT status, worker FROM export_jobs WHERE id = $1', [id]))!.worker;
          return worker !== '';
        },
        10_000,
        'export claimed',
      );
      const victim = cluster.processes.find((p) => p.role === 'jobs' && worker.endsWith(`:${p.child.pid}`));
      expect(victim, `worker ${worker}`).toBeDefined();
      victim!.child.kill('SIGKILL');
      await victim!.exited;
      await holder.query('COMMIT');

      await eventually(
        async () => (await db.one<{ status: string }>('SELECT status FROM export_jobs WHERE id = $1', [id]))!.status === 'done',
        LEASE_SECONDS * 1000 + 15_000,
        'taken over and done',
      );
      const job = (await db.one<{ attempt: number; worker: string; size: number }>(
        'SELECT attempt, worker, size FROM export_jobs WHERE id = $1',
        [id],
      ))!;
      expect(job.attempt).toBe(2);
      expect(job.worker).not.toBe(worker);
      const parts = await db.query<{ attempt: number; bytes: number }>(
        'SELECT attempt, sum(length(data))::int AS bytes FROM export_file_parts WHERE job_id = $1 GROUP BY attempt',
        [id],
      );
      expect(parts).toEqual([{ attempt: 2, bytes: job.size }]);
      const file = await fetch(`http://127.0.0.1:${api(2)}/car/v1/accelerate/export/download.json?id=${id}&sessionId=${session}`);
      expect(file.headers.get('content-type')).toContain('spreadsheetml');
      expect((await file.arrayBuffer()).byteLength).toBe(job.size);
    } finally {
      await holder.end();
    }
  });
});
