import { ALARM_ERRORS } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { subjects } from '../../bus/subjects.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from './alarms.queries.ts';

/** Handling alarms: the rules, the transaction and the news to other operators. */
export class AlarmsService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'bus'>) {}

  /** Marks the caller's visible alarms handled (all or none); answers how many. */
  async handle(user: SessionUser, ids: number[], note: string): Promise<number> {
    const scope = terminalScope(user);
    const updated = await this.ctx.db.tx(async (q) => {
      const visible = await alarmsQueries.visibleByIds(q, scope, ids);
      if (visible.length !== ids.length) throw new AppError(ALARM_ERRORS.notVisible);
      await alarmsQueries.handle(q, ids, user.userId, note);
      return alarmsQueries.visibleByIds(q, scope, ids);
    });
    // Other operators' real-time lists and alarm tips drop it at once.
    for (const row of updated) this.ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
    return updated.length;
  }
}
