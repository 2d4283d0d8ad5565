import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceMessage } from '@chelian/protocols/model.ts';
import type { Db } from '../db/types.ts';
import { identifierKey } from '../core/identifiers.ts';
import { identityQueries } from './identity.queries.ts';
import type { IdentityRecords } from './identityRecords.ts';
import type { PresenceTracker } from './presence.ts';
import type { TerminalDirectory, TerminalInfo } from './terminalDirectory.ts';

/** The connection making a claim, as the gate needs to see it. */
export interface Claimant {
  /** The session object itself: compared with the one holding the terminal. */
  readonly session: object;
  readonly address: string;
  /** The frame that carried the message (kept as hex for 待接入终端). */
  readonly frame?: Buffer;
  /** JT/T 808: the auth code this connection's register reply carries (decodeContext.ts). */
  authCode(): string;
}

/** `identified`: the connection now goes by the terminal and the message is handled as usual. `answer`: it is not; this reply (if any), then maybe close. */
export type Verdict = { kind: 'identified'; info: TerminalInfo } | { kind: 'answer'; reply?: Buffer; close?: boolean };

const CLOSE: Verdict = { kind: 'answer', close: true };
const SILENCE: Verdict = { kind: 'answer' };
/** JT/T 808 0x8100 results and the 0x8001 failure (JT/T 808-2019 §8.5, §8.2). */
const ALREADY_REGISTERED = 3;
const NOT_IN_DATABASE = 4;
const FAILURE = 1;
/** Wrong auth codes on one connection before it is closed (a terminal that lost its code registers again at the first). */
const MAX_AUTH_FAILURES = 3;
/** Messages sent before authenticating on one JT/T 808 connection before it is closed. */
const MAX_UNEARNED = 20;
/** A holder heard from this recently is alive: a newcomer without a login does not displace it. */
export const HOLDER_ALIVE_MS = 120_000;

interface ConnectionState {
  authFailures: number;
  unearned: number;
  looked: boolean;
}

/**
 * Who a connection may claim to be (docs/security.md, 终端身份). JT/T 808: only after
 * authenticating with the code the platform issued at registration; registration is refused while
 * another connection holds the terminal. GT06 and the watch protocol: a login (0x01, LK) takes the
 * terminal over; other messages naming a terminal that a live connection holds are refused. H02
 * has no login: the live connection keeps its id. Unknown ids wait in 待接入终端 unless
 * auto-registration is on; blocked ones are closed at once.
 */
export class IdentityGate {
  private readonly states = new WeakMap<object, ConnectionState>();

  constructor(
    private readonly deps: {
      db: Db;
      log: FastifyBaseLogger;
      directory: TerminalDirectory;
      records: IdentityRecords;
      presence: PresenceTracker;
      /** The session holding each terminal (by row id) in this process. */
      sessions: Map<number, object>;
      autoRegister: boolean;
    },
  ) {}

  async claim(msg: DeviceMessage, from: Claimant): Promise<Verdict> {
    if (msg.protocol !== 'jt808') return this.claimWithoutSecret(msg, from);
    if (msg.kind === 'register') return this.register(msg, from);
    if (msg.kind === 'auth') return this.authenticate(msg, from);
    return this.unearned(msg, from);
  }

  private async register(msg: DeviceMessage, from: Claimant): Promise<Verdict> {
    const found = await this.deps.directory.resolve(msg.protocol, msg.terminalId, this.deps.autoRegister);
    if (found.kind === 'blocked') return CLOSE;
    if (found.kind === 'unknown') {
      this.unknown(msg, from, found.pending);
      return { kind: 'answer', reply: msg.refuse!(NOT_IN_DATABASE), close: true };
    }
    const info = found.info;
    if (!info.enabled) return this.disabled(msg);
    if (this.heldElsewhere(info, from)) {
      this.conflict(info, msg, from, '终端身份冲突：终端在线时收到重复注册，已拒绝');
      return { kind: 'answer', reply: msg.refuse!(ALREADY_REGISTERED), close: true };
    }
    // A new code each registration: one learnt by whoever registered while the terminal was away dies with its next registration.
    await identityQueries.storeAuthCode(this.deps.db, info.pk, from.authCode());
    return { kind: 'answer', reply: msg.reply };
  }

  private async authenticate(msg: DeviceMessage, from: Claimant): Promise<Verdict> {
    const found = await this.deps.directory.resolve(msg.protocol, msg.terminalId);
    if (found.kind === 'blocked') return CLOSE;
    if (found.kind === 'unknown') {
      if (!this.deps.autoRegister) this.unknown(msg, from, found.pending);
      return { kind: 'answer', reply: msg.refuse!(FAILURE) }; // it registers next, as the standard says
    }
    const info = found.info;
    if (!info.enabled) return this.disabled(msg);
    if (info.authCode !== null && sameCode(info.authCode, msg.auth?.authCode ?? '')) return { kind: 'identified', info };
    const state = this.stateOf(from);
    if (this.heldElsewhere(info, from)) this.conflict(info, msg, from, '终端身份冲突：鉴权码错误，已拒绝');
    else this.deps.log.info({ terminal: msg.terminalId, address: from.address }, '终端鉴权码错误，拒绝鉴权');
    return { kind: 'answer', reply: msg.refuse!(FAILURE), close: ++state.authFailures >= MAX_AUTH_FAILURES };
  }

  /** JT/T 808 before authenticating: neither stored nor acknowledged; a claim on a live terminal is a conflict. */
  private async unearned(msg: DeviceMessage, from: Claimant): Promise<Verdict> {
    const state = this.stateOf(from);
    if (++state.unearned >= MAX_UNEARNED) return CLOSE;
    if (state.looked) return SILENCE;
    state.looked = true; // once per connection: a stream of unauthenticated reports costs one look-up
    const found = await this.deps.directory.resolve(msg.protocol, msg.terminalId);
    if (found.kind === 'blocked') return CLOSE;
    if (found.kind === 'unknown') {
      if (!this.deps.autoRegister) this.unknown(msg, from, found.pending);
    } else if (this.heldElsewhere(found.info, from)) {
      this.conflict(found.info, msg, from, '终端身份冲突：未鉴权的连接冒用在线终端编号，已拒绝');
    }
    return SILENCE;
  }

  private async claimWithoutSecret(msg: DeviceMessage, from: Claimant): Promise<Verdict> {
    const found = await this.deps.directory.resolve(msg.protocol, msg.terminalId, this.deps.autoRegister);
    if (found.kind === 'blocked') return CLOSE;
    if (found.kind === 'unknown') {
      this.unknown(msg, from, found.pending);
      return CLOSE;
    }
    const info = found.info;
    if (!info.enabled) return this.disabled(msg);
    const login = msg.kind === 'login' || (msg.protocol === 'watch' && msg.messageType === 'LK');
    if (!login && this.heldElsewhere(info, from)) {
      this.conflict(info, msg, from, '终端身份冲突：另一连接冒用在线终端编号，已拒绝');
      return CLOSE;
    }
    return { kind: 'identified', info };
  }

  /** Another connection of this process holds the terminal and was heard from lately. */
  private heldElsewhere(info: TerminalInfo, from: Claimant): boolean {
    const holder = this.deps.sessions.get(info.pk);
    if (!holder || holder === from.session) return false;
    const heard = this.deps.presence.heardAt(info.pk);
    return heard !== undefined && Date.now() - heard < HOLDER_ALIVE_MS;
  }

  private conflict(info: TerminalInfo, msg: DeviceMessage, from: Claimant, text: string) {
    this.deps.log.warn({ terminal: msg.terminalId, protocol: msg.protocol, messageType: msg.messageType, address: from.address }, text);
    this.deps.records.conflict(info.pk);
  }

  private unknown(msg: DeviceMessage, from: Claimant, pending: boolean) {
    const key = identifierKey(msg.terminalId);
    this.deps.records.unknown(
      { identifier: msg.terminalId, key, protocol: msg.protocol, address: from.address, frame: from.frame },
      pending,
    );
  }

  private disabled(msg: DeviceMessage): Verdict {
    this.deps.log.info({ terminal: msg.terminalId }, '设备已停用，拒绝连接');
    return CLOSE;
  }

  private stateOf(from: Claimant): ConnectionState {
    let s = this.states.get(from.session);
    if (!s) this.states.set(from.session, (s = { authFailures: 0, unearned: 0, looked: false }));
    return s;
  }
}

/** Compared in constant time: how long a refusal takes says nothing about how much of the code was right. */
function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
