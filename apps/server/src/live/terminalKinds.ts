import type { AssetKind } from '@chelian/contracts';
import type { Queryable } from '../db/types.ts';
import { alarmListedFor } from '../core/assetKinds.ts';
import { terminalKindsQueries } from './terminalKinds.queries.ts';

/** How long a terminal's kind is trusted without news of a change (terminal changes clear it at once). */
const KIND_TTL_MS = 5 * 60_000;
/** Beyond this many terminals the cache starts over (a fleet's worth per process). */
const MAX_CACHED = 100_000;

type Kind = AssetKind | null;

/**
 * The kind of the asset each terminal sits in (core/assetKinds.ts terminalKind; null: in none), by
 * the identifier the live feed's messages carry. One per process, shared by its live feeds: a
 * terminal costs one read per KIND_TTL_MS, and the terminals first seen in the same tick are read
 * together. `clear` is called when any terminal's owner or asset changed.
 */
export class TerminalKinds {
  private readonly known = new Map<string, { kind: Kind; at: number }>();
  private waiting = new Map<string, Array<{ resolve: (kind: Kind) => void; reject: (err: unknown) => void }>>();
  private flushing = false;

  constructor(private readonly db: Queryable) {}

  /** The terminal's kind, from the cache when it is fresh (synchronously, without a promise), else read. */
  kindOf(identifier: string, now = Date.now()): Kind | Promise<Kind> {
    const hit = this.known.get(identifier);
    if (hit && now - hit.at < KIND_TTL_MS) return hit.kind;
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(identifier) ?? [];
      waiters.push({ resolve, reject });
      this.waiting.set(identifier, waiters);
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  clear() {
    this.known.clear();
  }

  /** Reads the kinds asked for since the last flush, in one statement; a failed read fails its askers and caches nothing. */
  private async flush() {
    const batch = this.waiting;
    this.waiting = new Map();
    this.flushing = false;
    let rows: Array<{ identifier: string; kind: Kind }>;
    try {
      rows = await terminalKindsQueries.kindsOf(this.db, [...batch.keys()]);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      return;
    }
    const found = new Map(rows.map((r) => [r.identifier, r.kind]));
    if (this.known.size + batch.size > MAX_CACHED) this.known.clear();
    const at = Date.now();
    for (const [identifier, waiters] of batch) {
      const kind = found.get(identifier) ?? null;
      this.known.set(identifier, { kind, at });
      for (const w of waiters) w.resolve(kind);
    }
  }
}

/**
 * Whether a sub-product showing `kinds` gets a live message about a terminal of `kind`: an alarm
 * as its alarm lists list it (of its own kinds; of a terminal in no asset where vehicles are listed:
 * core/assetKinds.ts alarmListedFor, modules/alarms/alarms.queries.ts); a position or a presence
 * change of its kinds or of a terminal in no asset yet, as its monitor lists them
 * (modules/monitor/monitor.queries.ts).
 */
export const shownToKinds = (kinds: readonly AssetKind[], type: 'position' | 'alarm' | 'presence', kind: Kind) =>
  type === 'alarm' ? alarmListedFor(kinds, kind) : kind === null || kinds.includes(kind);
