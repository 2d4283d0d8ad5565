import type { AppContext } from '../context.ts';
import { subjects, type LiveKind } from '../bus/subjects.ts';
import type { SessionUser } from '../core/sessionUser.ts';
import { monitorQueries } from '../modules/monitor/monitor.queries.ts';
import { latestToPosition } from '../modules/monitor/latestPosition.presenter.ts';
import { terminalScope } from '../core/terminalScope.ts';
import { alarmSettings } from '../modules/alarmSettings/alarmSettings.service.ts';
import type { AssetKind } from '@chelian/contracts';
import { shownToKinds, type TerminalKinds } from './terminalKinds.ts';

/** The part of a `ws` WebSocket this feed uses. */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'pong' | 'close', listener: () => void): void;
}

export type LiveMessage =
  { type: 'snapshot'; data: unknown[]; final: boolean } | { type: 'position' | 'alarm' | 'presence'; data: unknown } | { type: 'pong' };

/** A message the bus brought: its data names its terminal (terminalId). */
type LiveNews = { type: 'position' | 'alarm' | 'presence'; data: unknown };

const OPEN = 1;
const KIND_TYPE: Record<LiveKind, 'position' | 'alarm' | 'presence'> = { pos: 'position', alarm: 'alarm', presence: 'presence' };
/** Snapshot pages, and the most a snapshot sends (a fleet beyond it asks lastPositions.json by pages). */
const SNAPSHOT_PAGE = 2000;
const SNAPSHOT_MAX = 100_000;
/** A client this far behind gets closed (1013, try again later) and catches up by the next snapshot. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;
/** Sessions end (logout, expiry): the feed re-checks its session this often, and at once when the server ends sessions (subjects.sessionsEnded). */
const SESSION_CHECK_MS = 60_000;

/**
 * One browser's live feed: positions, alarms and presence of exactly the terminals its user may
 * see (the bus subjects carry the owner's account path, so a subtree is one wildcard), after a
 * snapshot of their latest positions. News arriving during the snapshot is held and sent after it.
 * Alarms of types the user's account switched off (alarm settings) are not pushed; their
 * positions still are. `alarmsOnly` (`only=alarm`): alarms alone, without a snapshot — what the
 * shell's alarm tip listens to, at the cost of one alarm subscription rather than a fleet's positions.
 * `kinds` (`product=`, a sub-product's kinds: docs/asset-kinds.md): the snapshot, positions and
 * presence leave out terminals sitting in an asset of another kind, alarms are of those kinds only
 * (terminalKinds.ts shownToKinds), in the order they came.
 */
export class LiveConnection {
  private readonly unsubscribe: Array<() => void> = [];
  private held: LiveMessage[] | null = [];
  private timers: NodeJS.Timeout[] = [];
  private alive = true;
  private closed = false;
  /** Alarm types the account switched off; loaded before anything is sent, reloaded on change. */
  private mutedAlarmTypes = new Set<string>();
  /** Messages waiting for their terminal's kind, so the ones after them wait too (the order is kept). */
  private sorting: Promise<void> = Promise.resolve();
  /** nothing is waiting in `sorting` */
  private sortedAll = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly socket: LiveSocket,
    private readonly user: SessionUser,
    private readonly sessionId: string,
    private readonly alarmsOnly = false,
    private readonly kinds: { shown: readonly AssetKind[]; of: TerminalKinds } | null = null,
  ) {}

  async start() {
    const scope = terminalScope(this.user);
    for (const kind of this.alarmsOnly ? (['alarm'] as const) : (['pos', 'alarm', 'presence'] as const)) {
      this.unsubscribe.push(
        this.ctx.bus.subscribe(subjects.liveOfScope(kind, scope), (data) => this.receive({ type: KIND_TYPE[kind], data } as LiveNews)),
      );
    }
    this.unsubscribe.push(this.ctx.bus.subscribe(subjects.alarmControlsChanged(this.user.accountId), () => this.reloadAlarmControls()));
    this.unsubscribe.push(this.ctx.bus.subscribe(subjects.sessionsEnded, () => void this.checkSession()));
    this.socket.on('close', () => this.stop());
    this.socket.on('pong', () => (this.alive = true));
    this.socket.on('message', (raw) => this.onClientMessage(raw));
    this.timers.push(
      setInterval(() => this.heartbeat(), HEARTBEAT_MS),
      setInterval(() => void this.checkSession(), SESSION_CHECK_MS),
    );
    try {
      await this.loadAlarmControls();
      if (!this.alarmsOnly) await this.sendSnapshot(scope);
    } catch (err) {
      this.ctx.log.error({ err }, '实时推送快照失败');
      return this.socket.close(1011, 'snapshot failed');
    }
    const held = this.held ?? [];
    this.held = null;
    for (const m of held) this.send(m);
  }

  private async sendSnapshot(scope: string) {
    for (let offset = 0; offset < SNAPSHOT_MAX && !this.closed; offset += SNAPSHOT_PAGE) {
      const rows = await monitorQueries.latest(this.ctx.db, scope, null, SNAPSHOT_PAGE, offset, this.kinds?.shown ?? null);
      const final = rows.length < SNAPSHOT_PAGE || offset + SNAPSHOT_PAGE >= SNAPSHOT_MAX;
      this.send({ type: 'snapshot', data: rows.map(latestToPosition), final });
      if (final) return;
    }
  }

  private async loadAlarmControls() {
    const controls = await alarmSettings.controls(this.ctx.db, this.user.accountId);
    this.mutedAlarmTypes = new Set(controls.filter((c) => !c.enabled).map((c) => c.alarmType));
  }

  private reloadAlarmControls() {
    // A failed reload keeps the last known settings.
    this.loadAlarmControls().catch((err) => this.ctx.log.error({ err }, '实时推送报警设置加载失败'));
  }

  /** News from the bus: pushed at once, or, with `kinds`, once its terminal's kind says it is shown. */
  private receive(message: LiveNews) {
    if (!this.kinds) return this.push(message);
    const { shown, of } = this.kinds;
    const terminal = (message.data as { terminalId?: string }).terminalId ?? '';
    const kind = of.kindOf(terminal);
    if (!(kind instanceof Promise) && this.sortedAll) {
      if (shownToKinds(shown, message.type, kind)) this.push(message);
      return;
    }
    this.sortedAll = false;
    const sorted = this.sorting.then(async () => {
      // A kind that cannot be read lets the news through: the scope is still the user's.
      const known = await Promise.resolve(kind).catch(() => undefined);
      if (known === undefined || shownToKinds(shown, message.type, known)) this.push(message);
    });
    this.sorting = sorted;
    void sorted.then(() => {
      if (this.sorting === sorted) this.sortedAll = true;
    });
  }

  private push(message: LiveMessage) {
    if (this.held) this.held.push(message);
    else this.send(message);
  }

  private send(message: LiveMessage) {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (message.type === 'alarm' && this.mutedAlarmTypes.has((message.data as { type: string }).type)) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return this.socket.close(1013, 'client too slow');
    this.socket.send(JSON.stringify(message));
  }

  private onClientMessage(raw: Buffer) {
    if (raw.length > 1024) return;
    try {
      if ((JSON.parse(raw.toString('utf8')) as { type?: string }).type === 'ping') this.send({ type: 'pong' });
    } catch {
      /* the feed is one-way; anything else a client says is ignored */
    }
  }

  private heartbeat() {
    if (!this.alive) return this.socket.close(1001, 'no pong');
    this.alive = false;
    this.socket.ping();
  }

  private async checkSession() {
    if (!(await this.ctx.sessions.resolve(this.sessionId).catch(() => null))) this.socket.close(4010, 'session expired');
  }

  private stop() {
    if (this.closed) return;
    this.closed = true;
    for (const off of this.unsubscribe) off();
    for (const t of this.timers) clearInterval(t);
  }
}
