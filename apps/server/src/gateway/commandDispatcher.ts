import type { FastifyBaseLogger } from 'fastify';
import type { CommandReply, TerminalCommand } from '@chelian/protocols/model.ts';
import type { Db } from '../db/types.ts';
import type { Bus } from '../bus/bus.ts';
import { subjects, type CommandNotice } from '../bus/subjects.ts';
import { commandsQueries, type CommandRow } from '../core/commandQueue.queries.ts';
import { RequestCoalescer } from './requestCoalescer.ts';
import type { TerminalSession } from './session.ts';

/**
 * Commands reach the terminal through whichever gateway holds its socket: every gateway hears
 * every command notice on the bus and acts only for terminals it holds. A command is claimed in
 * the database before it is written, so it goes out once even when a reconnect races a notice.
 */
export class CommandDispatcher {
  private unsubscribe: (() => void) | null = null;
  /** What waits for each terminal that just connected: one query for all connecting together. */
  private readonly queued = new RequestCoalescer<number, CommandRow[]>(async (pks) => {
    const byTerminal = new Map<number, CommandRow[]>();
    for (const row of await commandsQueries.queuedFor(this.db, [...new Set(pks)]))
      byTerminal.set(row.terminal_id, [...(byTerminal.get(row.terminal_id) ?? []), row]);
    return pks.map((pk) => byTerminal.get(pk) ?? []);
  });

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly sessions: Map<number, TerminalSession>,
  ) {}

  start() {
    this.unsubscribe = this.bus.subscribe<CommandNotice>(subjects.allCommands, (notice) => void this.onNotice(notice));
  }

  stop() {
    this.unsubscribe?.();
  }

  private async onNotice(notice: CommandNotice) {
    try {
      if (!Number.isSafeInteger(notice?.commandId)) return;
      const row = await commandsQueries.byId(this.db, notice.commandId);
      const session = row && row.status === 'queued' ? this.sessions.get(row.terminal_id) : undefined;
      if (session) await this.deliver(session, row!);
    } catch (err) {
      this.log.error({ err, commandId: notice?.commandId }, '指令下发失败');
    }
  }

  /** On (re)connect: what waited for this terminal, oldest first. */
  async deliverQueued(session: TerminalSession) {
    try {
      if (!session.terminal) return;
      for (const row of await this.queued.request(session.terminal.pk)) await this.deliver(session, row);
    } catch (err) {
      this.log.error({ err, terminal: session.wireId }, '离线指令补发失败');
    }
  }

  private async deliver(session: TerminalSession, row: CommandRow) {
    const encoded = session.codec.encodeCommand(session.wireId, row.params as unknown as TerminalCommand, session.nextSerial(), {
      ...session.encodeHints,
      now: Date.now(),
    });
    if (!encoded.ok) {
      const status = encoded.error.code === 'unsupportedCommand' ? 'unsupported' : 'failed';
      await commandsQueries.markFailed(this.db, row.id, status, encoded.error.detail.slice(0, 200));
      return;
    }
    const { frame, serial, replyKey } = encoded.value;
    if (await commandsQueries.claim(this.db, row.id, serial, replyKey)) session.write(frame);
  }

  /** The terminal's answer, matched to the newest sent command with the same reply key. */
  async onReply(terminalPk: number, reply: CommandReply) {
    try {
      const success = reply.success ?? (reply.result === undefined ? null : reply.result === 0);
      await commandsQueries.matchReply(this.db, terminalPk, reply.replyKey, success, (reply.text ?? '').slice(0, 2000));
    } catch (err) {
      this.log.error({ err }, '指令回复保存失败');
    }
  }
}
