import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceMessage, EncodeContext, Framer, ProtocolCodec } from '@chelian/protocols/model.ts';
import { ConnectionDecodeContext } from './decodeContext.ts';
import type { ConnectionDeadline, ConnectionDeadlines } from './frameDeadline.ts';
import type { GatewayStats } from './gatewayStats.ts';
import type { Db } from '../db/types.ts';
import type { Bus } from '../bus/bus.ts';
import { countRejected, protocolCounters, type ProtocolCounters } from '../core/metrics.ts';
import { Acknowledgements } from './acknowledgements.ts';
import type { CommandDispatcher } from './commandDispatcher.ts';
import type { IngestBatcher, IngestOwner, IngestTicket } from './ingestBatcher.ts';
import type { PositionFeed } from '../core/positionFeed.ts';
import type { PresenceTracker } from './presence.ts';
import type { IdentityGate } from './identity.ts';
import { MessageRows } from './messageRows.ts';
import { StoredNews } from './storedNews.ts';
import type { TerminalDirectory, TerminalInfo } from './terminalDirectory.ts';
import { whoseMessage } from './wireIdentity.ts';
import { readInto } from './socketReads.ts';
import type { WakeSharing } from './wakeSharing.ts';

export interface SessionDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** This process's position engines: fed every fix once committed (none without it). */
  positionFeed?: PositionFeed;
  batcher: IngestBatcher;
  presence: PresenceTracker;
  commands: CommandDispatcher;
  terminals: TerminalDirectory;
  /** Who a connection may claim to be (docs/security.md, 终端身份). */
  identity: IdentityGate;
  /** The session holding each terminal (by row id) in this process. */
  sessions: Map<number, TerminalSession>;
  stats: GatewayStats;
  /** Idle (no complete frame) and unfinished-frame deadlines, one sweep for every connection. */
  deadlines: ConnectionDeadlines;
  /** Lets a quiet fleet's lone reads share the event loop's wake (wakeSharing.ts). */
  wakes?: WakeSharing;
  /** The gateway drains (SIGTERM): nothing more is read; what was read is committed and answered. */
  draining?: boolean;
}

/** Frames decoded but not yet handled; past this the socket stops reading (TCP pushes back). */
const MAX_QUEUED_FRAMES = 256;
/** Undecodable frames in a row before the connection is judged not a terminal. */
const MAX_BAD_FRAMES = 20;
/** Frames handled before yielding to the event loop, so one busy connection cannot hog it. */
const FRAMES_PER_TURN = 32;

/**
 * One terminal connection: frames in, decoded in order; whose each message is (wireIdentity.ts,
 * identity.ts); what it stores (messageRows.ts — a new kind of device data is added there) handed
 * to the batcher; replies after commit (acknowledgements.ts); news once stored (storedNews.ts).
 */
export class TerminalSession implements IngestOwner {
  terminal: TerminalInfo | null = null;
  /** The identifier as this terminal writes it on the wire (commands must use the same form). */
  wireId = '';
  /** How commands to it are written, as its frames showed (the watch protocol's maker code). */
  encodeHints: Partial<EncodeContext> | undefined;
  private readonly framer: Framer;
  private readonly decodeCtx: ConnectionDecodeContext;
  private readonly queue: Buffer[] = [];
  private running = false;
  private readonly acks = new Acknowledgements(
    (frame) => this.write(frame),
    (stored) => this.tell(stored),
  );
  private serial = 0;
  private badFrames = 0;
  /** The frame being handled while the connection has no terminal yet: an unknown one's first frames are kept for 待接入终端. */
  private unidentifiedFrame: Buffer | undefined;
  /** What its messages store, and the state that takes between messages (alarm levels, e-bike status, late days). */
  private readonly rows = new MessageRows();
  /** Live news and the position engines' fixes, once stored. */
  private readonly news: StoredNews;
  private closed = false;
  /** This protocol's figures for /metrics (plain numbers: one increment per frame). */
  readonly counters: ProtocolCounters;
  private readonly deadline: ConnectionDeadline;
  /** The batcher's mark: the last batch that listed this connection (IngestOwner). */
  ingestBatch = 0;
  readonly close = () => this.shutdown();

  constructor(
    private readonly socket: Socket,
    readonly codec: ProtocolCodec,
    private readonly deps: SessionDeps,
  ) {
    this.framer = codec.createFramer();
    this.news = new StoredNews(deps.bus, deps.positionFeed);
    this.decodeCtx = new ConnectionDecodeContext(this, codec.name === 'jt808');
    deps.stats.connections++;
    this.counters = protocolCounters(codec.name);
    this.counters.connections++;
    socket.setNoDelay(true);
    this.deadline = deps.deadlines.watch(this, socket.remoteAddress);
    readInto(socket, (chunk, length, reused) => this.onBytes(chunk, length, reused));
    socket.on('close', () => this.onClose());
    socket.on('error', () => {}); // 'close' follows; a reset by the terminal is not our error
  }

  nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  /** Whether the socket still holds `frame` after this (not all of it sent at once). */
  write(frame: Buffer): boolean {
    if (this.closed || !this.socket.writable) return false;
    this.socket.write(frame);
    return this.socket.writableLength > 0;
  }

  /** `length` bytes read into `chunk`; `reused`: the chunk is read into again after this (socketReads.ts). */
  private onBytes(chunk: Buffer, length: number, reused: boolean) {
    if (this.closed || this.deps.draining) return; // unread, so unanswered: the terminal sends it again
    this.deps.wakes?.read();
    const queued = this.queue.length;
    const error = this.framer.pushInto(chunk, length, this.queue, reused);
    this.deadline.read(this.queue.length - queued, this.framer.bufferedBytes);
    if (error) {
      // Oversized or endless frames: this connection is beyond repair; the others never notice.
      this.deps.stats.closedForAbuse++;
      countRejected(this.counters, error.code);
      this.deps.log.warn(
        { terminal: this.wireId, protocol: this.codec.name, code: error.code, detail: error.detail },
        '终端数据帧异常，断开连接',
      );
      return this.shutdown();
    }
    if (this.queue.length > MAX_QUEUED_FRAMES) {
      this.socket.pause();
      this.deadline.paused();
    }
    if (this.running) return;
    if (this.queue.length <= FRAMES_PER_TURN) return this.handleNow();
    void this.pump();
  }

  /**
   * The usual read — a lone report or heartbeat, a few frames — handled at once, without the
   * frame loop's promise (issue 33: at the pattern real fleets send, every message comes alone).
   * The loop takes over from the first frame that must be waited for.
   */
  private handleNow() {
    this.decodeCtx.now = Date.now();
    try {
      while (this.queue.length && !this.closed) {
        const waiting = this.handleFrame(this.queue.shift()!);
        if (waiting) return void this.pump(waiting);
      }
    } catch (err) {
      this.deps.log.error({ err, terminal: this.wireId }, '终端会话处理失败');
      this.shutdown();
    }
  }

  /** `first`: what a frame handled by handleNow must wait for before the next. */
  private async pump(first?: Promise<void>) {
    if (this.running) return;
    this.running = true;
    try {
      let handled = 0;
      if (first) await first;
      // One clock reading per turn of the loop serves its frames (decoders, rows, presence).
      this.decodeCtx.now = Date.now();
      while (this.queue.length && !this.closed) {
        // Most frames are handled without waiting: only identification and backpressure await.
        const waiting = this.handleFrame(this.queue.shift()!);
        if (waiting) {
          await waiting;
          this.decodeCtx.now = Date.now();
        }
        if (++handled % FRAMES_PER_TURN === 0) {
          await new Promise((r) => setImmediate(r));
          this.decodeCtx.now = Date.now();
        }
        if (this.socket.isPaused() && this.queue.length < MAX_QUEUED_FRAMES / 2 && !this.deps.draining) this.socket.resume();
      }
    } catch (err) {
      this.deps.log.error({ err, terminal: this.wireId }, '终端会话处理失败');
      this.shutdown();
    } finally {
      this.running = false;
    }
  }

  private handleFrame(frame: Buffer): Promise<void> | undefined {
    this.deps.stats.frames++;
    // The decoders are pure: the clock comes from here (pump's reading: untimed frames, H02/GT06
    // time replies, sub-package ageing).
    if (!this.terminal) this.unidentifiedFrame = frame;
    const result = this.codec.decode(frame, this.decodeCtx);
    if (!result.ok) {
      this.deps.stats.badFrames++;
      countRejected(this.counters, result.error.code);
      if (++this.badFrames >= MAX_BAD_FRAMES) {
        this.deps.stats.closedForAbuse++;
        this.shutdown();
      }
      return;
    }
    this.badFrames = 0;
    this.counters.decoded++;
    const messages = result.value.messages;
    for (let i = 0; i < messages.length; i++) {
      if (this.closed) return;
      const waiting = this.handleMessage(messages[i]);
      if (waiting) return i + 1 < messages.length ? this.finishMessages(waiting, messages.slice(i + 1)) : waiting;
    }
  }

  private async finishMessages(first: Promise<void>, rest: DeviceMessage[]) {
    await first;
    for (const message of rest) {
      if (this.closed) return;
      await this.handleMessage(message);
    }
  }

  /** Returns a promise only when the message must be waited for (identification, too much in flight). */
  private handleMessage(msg: DeviceMessage): Promise<void> | undefined {
    const whose = whoseMessage(msg, this.terminal, this.wireId);
    if (whose === 'known') return this.handleIdentified(msg);
    if (whose === 'claim') return this.claim(msg);
    this.deps.stats.closedForAbuse++;
    this.shutdown();
  }

  /** A message naming a terminal this connection has not earned: identity.ts says whether it may go by it. */
  private async claim(msg: DeviceMessage) {
    const from = {
      session: this,
      address: this.socket.remoteAddress ?? '',
      frame: this.unidentifiedFrame,
      authCode: () => this.decodeCtx.authCode,
    };
    const verdict = await this.deps.identity.claim(msg, from);
    if (this.closed) return;
    if (verdict.kind === 'identified') {
      await this.identify(verdict.info, msg.terminalId);
      return this.handleIdentified(msg);
    }
    if (verdict.reply) this.acks.answer(verdict.reply, this.decodeCtx.now || Date.now()); // after what it already acknowledged
    if (verdict.close) this.closeAfterWrites();
  }

  private handleIdentified(msg: DeviceMessage): Promise<void> | undefined {
    const terminal = this.terminal;
    if (!terminal || this.closed) return; // e.g. GT06 data before its login: nobody to attribute it to
    this.deps.presence.touch(terminal.pk, this.decodeCtx.now);
    if (msg.encodeHints) this.encodeHints = msg.encodeHints;
    if (msg.commandReply) void this.deps.commands.onReply(terminal.pk, msg.commandReply);

    const now = this.decodeCtx.now || Date.now();
    const rows = this.rows.rowsFor(terminal, msg, now, this.news);
    if (!rows) {
      if (!msg.reply || msg.kind === 'location') return; // a location that stored nothing is not acknowledged either
      return this.acks.inOrder(msg.reply, now);
    }
    this.deps.stats.positions += rows.positions.length;
    const ticket = this.deps.batcher.add(rows, this);
    // Refused (overloaded): not stored, so not acknowledged — the terminal sends it again.
    if (!ticket) return;
    return this.acks.afterStored(ticket, msg.reply, now);
  }

  /** A flush holding some of this connection's entries finished: answer, in order, what may be answered. */
  settled() {
    this.acks.settled();
  }

  private tell(stored: IngestTicket[]) {
    if (this.terminal) this.news.published(this.terminal, stored);
  }

  private async identify(info: TerminalInfo, wireId: string) {
    if (this.terminal) this.forget();
    this.unidentifiedFrame = undefined;
    this.terminal = info;
    this.news.terminalChanged();
    this.wireId = wireId;
    this.decodeCtx.terminalId = wireId;
    this.rows.identified(info);
    this.deps.sessions.set(info.pk, this);
    await this.deps.presence.arrive(info, this.codec.name, this.close);
    void this.deps.commands.deliverQueued(this);
  }

  /** An operator changed the terminal (owner, vehicle, enabled): later news carries the new labels. */
  async refresh() {
    if (!this.terminal || this.closed) return;
    const found = await this.deps.terminals.resolve(this.codec.name, this.wireId);
    if (found.kind !== 'terminal' || !found.info.enabled) return this.shutdown();
    const info = found.info;
    // Handed over (docs/security.md, "Re-assigned terminals"): the alarms and e-bike status it had are
    // the previous owner's; an alarm still on is raised anew for the new one.
    if (info.accountId !== this.terminal.accountId) this.rows.handedOver();
    this.terminal = info;
    this.news.terminalChanged();
    this.deps.presence.update(info);
  }

  private forget() {
    if (!this.terminal) return;
    if (this.deps.sessions.get(this.terminal.pk) === this) this.deps.sessions.delete(this.terminal.pk);
    this.deps.presence.leave(this.terminal.pk, this.close);
  }

  /** A refused claim: what was written goes out first, so the terminal reads its refusal before the close. */
  private closeAfterWrites() {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.socket.end(() => this.socket.destroy());
  }

  private shutdown() {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.socket.destroy();
  }

  private onClose() {
    this.closed = true;
    this.queue.length = 0;
    this.deps.deadlines.forget(this.deadline);
    this.forget();
    this.framer.reset();
    this.deps.stats.connections--;
    this.counters.connections--;
  }
}
