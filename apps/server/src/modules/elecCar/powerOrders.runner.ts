import { SAFE_CUT_MAX_KMH, SAFE_CUT_PENDING_MINUTES } from '@chelian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { powerOrdersQueries, type PendingCutRow, type SentOrderRow } from './powerOrders.queries.ts';
import { cutVerdict } from './safeCut.ts';
import { issueCommand } from './control.service.ts';
import { replyForOperator } from '../commands/commandReplies.ts';

/** A sent cut or restore the terminal has not answered in this time ends as failed. */
export const DEFAULT_REPLY_TIMEOUT_MS = 60_000;

const NAME = { cut: '断电', restore: '恢复供电' } as const;

/** What became of a sent order's command: still waiting (null), done, or failed with the reason. */
export function outcomeOf(o: SentOrderRow, now: number, replyTimeoutMs: number): { status: 'done' | 'failed'; reason: string } | null {
  const name = NAME[o.action];
  const reply = replyForOperator(o.reply_text);
  switch (o.command_status) {
    case 'replied':
      return o.reply_success === false
        ? { status: 'failed', reason: `设备回复${name}失败${reply ? `：${reply}` : ''}` }
        : { status: 'done', reason: reply };
    case 'failed':
    case 'unsupported':
      return { status: 'failed', reason: `${name}指令发送失败${reply ? `：${reply}` : ''}` };
    case 'expired':
      return { status: 'failed', reason: `设备未在有效期内上线，${name}指令已过期` };
    case 'queued':
      return o.command_expires_at && o.command_expires_at.getTime() <= now
        ? { status: 'failed', reason: `设备未在有效期内上线，${name}指令已过期` }
        : null;
    case 'sent': {
      const since = (o.command_sent_at ?? o.executed_at).getTime();
      return now - since >= replyTimeoutMs
        ? { status: 'failed', reason: `设备 ${Math.round(replyTimeoutMs / 1000)} 秒内未应答，${name}未确认` }
        : null;
    }
    default:
      return null; // the command row is being written
  }
}

/**
 * Carries pending cuts out once safe, lets them expire, and closes sent orders from their
 * command's fate (the reply, or none in time). Every step is a compare-and-set on the order, so
 * several processes may run it.
 */
export class PowerOrderRunner {
  /** Identifiers of terminals with a pending cut: a position of any other costs nothing. */
  private pending = new Set<string>();
  /** Whether the last look at every order found one pending or sent (true until the first). */
  outstanding = true;
  private busy: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly replyTimeoutMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  hasPending(identifier: string) {
    return this.pending.has(identifier);
  }

  /** Resolves once every run asked so far has ended (shutdown). */
  idle(): Promise<void> {
    return this.busy;
  }

  /** Serialised: a sweep and a position never execute the same cut twice in this process. */
  run(identifier: string | null): Promise<void> {
    const next = this.busy
      .then(() => this.step(identifier))
      .catch((err) => {
        this.outstanding = true; // not known: looked at again at the next sweep
        this.log?.error({ err }, '电单车断电处理失败');
      });
    this.busy = next;
    return next;
  }

  private async step(identifier: string | null) {
    if (identifier === null) {
      await powerOrdersQueries.expirePending(
        this.db,
        `${SAFE_CUT_PENDING_MINUTES} 分钟内车速未降到 ${SAFE_CUT_MAX_KMH} km/h 以下，断电已取消`,
      );
      const open = await this.closeSent();
      const rows = await powerOrdersQueries.pendingWithPosition(this.db, null);
      this.pending = new Set(rows.map((r) => r.identifier));
      this.outstanding = open > 0 || rows.length > 0;
      for (const row of rows) await this.tryExecute(row);
      return;
    }
    const rows = await powerOrdersQueries.pendingWithPosition(this.db, identifier);
    for (const row of rows) await this.tryExecute(row);
  }

  private async tryExecute(row: PendingCutRow) {
    const verdict = cutVerdict({
      online: row.online,
      position: row.gps_time === null ? null : { valid: row.valid === true, speed: row.speed ?? 0, acc: row.acc },
    });
    if (!verdict.safe) return;
    if (!(await powerOrdersQueries.claim(this.db, row.id, row.speed))) return;
    this.pending.delete(row.identifier);
    const commandId = await issueCommand(
      this.db,
      this.bus,
      { terminalPk: row.terminal_id, identifier: row.identifier, userId: row.user_id },
      'cutOil',
    );
    await powerOrdersQueries.setCommand(this.db, row.id, commandId);
  }

  /** Closes the sent orders whose command's fate is known; returns how many are left waiting. */
  private async closeSent(): Promise<number> {
    const now = Date.now();
    let open = 0;
    for (const o of await powerOrdersQueries.sent(this.db)) {
      const outcome = outcomeOf(o, now, this.replyTimeoutMs);
      if (!outcome) open++;
      if (!outcome || !(await powerOrdersQueries.finish(this.db, o.id, outcome.status, outcome.reason))) continue;
      if (outcome.status === 'done' && o.vehicle_id !== null)
        await powerOrdersQueries.setPowerCut(this.db, o.vehicle_id, o.action === 'cut');
    }
    return open;
  }
}
