import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import type { SmsGateway } from '../auth/sms.service.ts';
import { subjects } from '../../bus/subjects.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { guardQueries } from '../elecCar/guard.queries.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';
import { contractsQueries } from './contracts.queries.ts';
import { issueBill } from './billing.service.ts';
import { issuePeriodsUntil } from './contracts.service.ts';
import { lockContract, relock, systemActor } from './locks.service.ts';
import { locksQueries } from './locks.queries.ts';
import { operatorQueries } from './operator.queries.ts';
import { riskQueries } from './risk.queries.ts';
import { overdueDays, reminderText } from './risk.service.ts';
import { addDays } from './billing.service.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

/** The next period is billed this long before the paid-through time. */
export const BILL_AHEAD_MS = DAY_MS;
/** Late fees are charged for at most this many days of one overdue episode. */
export const MAX_LATE_FEE_DAYS = 90;
export const LEASE_JOB_INTERVAL_MS = 60_000;

/** Publishes alarms raised outside the gateway on the live feed, as every alarm is. */
export async function publishAlarms(db: Db, bus: Bus, ids: number[]) {
  for (const row of await alarmsQueries.visibleByIds(db, '/', ids))
    bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
}

/**
 * One pass of 电单车租赁's clock: every period started (or starting within a day) billed, each due
 * at its start; active contracts past their paid-through time become overdue (with a 租金逾期 alarm); late fees per overdue day; one reminder
 * per overdue contract and day, also sent to the rider's phone by SMS; the safe remote lock once the grace period is over; locks whose
 * cut lapsed are sent again. Every write is a compare-and-set or an insert that a unique key makes
 * happen once, so several jobs processes do each thing once.
 */
export async function runLeaseJob(db: Db, bus: Bus, now = new Date(), sms?: SmsGateway): Promise<void> {
  // Every period started (or starting within a day) is billed, from the number read with the row: a
  // second process that read it too stops at the first period already billed (it once billed the period after).
  const until = new Date(now.getTime() + BILL_AHEAD_MS);
  for (const c of await riskQueries.dueForBilling(db, now, BILL_AHEAD_MS))
    await issuePeriodsUntil(db, c, { seq: c.next_seq, from: c.billed_through }, until);

  for (const { id } of await riskQueries.markOverdue(db, now)) {
    const c = await contractsQueries.byId(db, id);
    const ids = await guardQueries.raise(db, {
      vehicleId: c.vehicle_id,
      type: 'leaseOverdue',
      at: now.getTime(),
      lat: null,
      lon: null,
      speed: null,
    });
    await publishAlarms(db, bus, ids);
  }

  for (const c of await riskQueries.overdue(db)) {
    const days = overdueDays(c, now);
    if (c.late_fee_fen > 0) {
      for (let day = c.late_fee_days + 1; day <= Math.min(days, MAX_LATE_FEE_DAYS); day++) {
        await db.tx((q) => issueBill(q, c, { kind: 'lateFee', seq: day, coversDays: 0, amountFen: c.late_fee_fen, dueAt: now }));
      }
    }
    const settings = await operatorQueries.settings(db, c.account_path);
    const fresh = await contractsQueries.byId(db, c.id);
    const text = reminderText(fresh, days, settings.grace_days);
    const firstToday = await riskQueries.remind(db, { contractId: c.id, auto: true, text, userName: '系统', now });
    if (firstToday && sms && fresh.rider_phone) await sms.send(fresh.rider_phone, `【车联】${text}`);
    if (settings.lock_on_overdue && !fresh.lock_reason && c.overdue_since && now >= addDays(c.overdue_since, settings.grace_days)) {
      const actor = await systemActor(db, fresh);
      if (actor) await lockContract(db, bus, actor, fresh, 'overdue', `逾期${days}天，已过${settings.grace_days}天宽限期`);
    }
  }

  for (const { id, last_id } of await locksQueries.lapsed(db)) await relock(db, bus, await contractsQueries.byId(db, id), last_id);
}

/** The jobs role's task. */
export function startLeaseJob(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'smsGateway'>,
  intervalMs = LEASE_JOB_INTERVAL_MS,
): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    () => runLeaseJob(ctx.db, ctx.bus, new Date(), ctx.smsGateway),
    (err) => ctx.log.error({ err }, '电单车租赁定时任务失败'),
  );
}
