import { ALARM_ERRORS, COMMON_ERRORS, type BrowserNotice, type Delivery, type Page, type QueuedChannel } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { subjects } from '../../bus/subjects.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import type { AlarmDeliverer } from './deliverer.service.ts';
import { deliveryQueries, type DeliveryRow } from './delivery.queries.ts';
import { presentDelivery } from './delivery.presenter.ts';

/** At most this many notifications per fetch: a browser back from sleep is not flooded. */
const NOTICE_BATCH = 10;

/** The delivery log as operators read it, and what they can do from it. */
export class AlarmDeliveryService {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'bus'>,
    private readonly deliverer: AlarmDeliverer,
  ) {}

  private async present(rows: DeliveryRow[]): Promise<Delivery[]> {
    const attempts = rows.length
      ? await deliveryQueries.attemptsOf(
          this.ctx.db,
          rows.map((r) => r.id),
        )
      : [];
    return rows.map((r) => presentDelivery(r, attempts));
  }

  /** An alarm's deliveries, for its detail: those made by the settings of the caller's account and those below it. */
  async ofAlarm(user: SessionUser, alarmId: number): Promise<Delivery[]> {
    const [alarm] = await alarmsQueries.visibleByIds(this.ctx.db, terminalScope(user), [alarmId]);
    if (!alarm) throw new AppError(ALARM_ERRORS.notVisible);
    return this.present(await deliveryQueries.ofAlarm(this.ctx.db, alarmId, user.accountPath));
  }

  /** The account's failed deliveries and those waiting for a retry, newest first. */
  async troubles(user: SessionUser, query: { current?: number; pageSize?: number }): Promise<Page<Delivery>> {
    const win = pageWindow(query);
    const { total, rows } = await deliveryQueries.troubles(this.ctx.db, user.accountId, win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, await this.present(rows));
  }

  /** One more attempt of a given-up delivery of the caller's account, by the jobs role at once (the bus tells it). */
  async retry(user: SessionUser, deliveryId: number): Promise<Delivery> {
    // Only a given-up one is sent again; any other answers as it stands.
    const due = await deliveryQueries.retryNow(this.ctx.db, deliveryId, user.accountId);
    const row = await deliveryQueries.ofAccount(this.ctx.db, deliveryId, user.accountId);
    if (!row) throw new AppError(COMMON_ERRORS.notFound);
    const [answer] = await this.present([row]);
    // Told once the answer is read: it shows the delivery as made due, not halfway through the attempt.
    if (due) this.ctx.bus.publish(subjects.alarmDeliveryDue, {});
    return answer;
  }

  /** Browser notifications of the caller's account after `afterId`; without it, only where the list stands. */
  async browserNotices(user: SessionUser, afterId: number | undefined): Promise<{ lastId: number; list: BrowserNotice[] }> {
    const last = await deliveryQueries.lastBrowserNotice(this.ctx.db, user.accountId);
    if (afterId === undefined || afterId >= last) return { lastId: last, list: [] };
    const rows = await deliveryQueries.browserNotices(this.ctx.db, user.accountId, afterId, terminalScope(user), NOTICE_BATCH);
    return {
      lastId: last,
      list: rows.map((r) => {
        const a = presentAlarm(r);
        return {
          deliveryId: r.delivery_id,
          alarmId: a.alarmId,
          terminalId: a.terminalId,
          vehicleId: a.vehicleId,
          plate: a.plate,
          name: a.name,
          type: a.type,
          typeName: a.typeName,
          alarmTime: a.alarmTime,
          speed: a.speed,
        };
      }),
    };
  }

  async sendTest(user: SessionUser, channel: QueuedChannel) {
    const accountName = await deliveryQueries.accountName(this.ctx.db, user.accountId);
    return this.deliverer.sendTest({ accountId: user.accountId, accountName, accountPath: user.accountPath }, channel);
  }
}
