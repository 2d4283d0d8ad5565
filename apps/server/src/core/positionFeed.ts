import type { LastPosition, Presence } from '@chelian/contracts';
import { engineMetrics } from './metrics.ts';
import { presentPosition, type PositionFields, type TerminalLabel } from './position.presenter.ts';

/** Which terminal a feed is about: enough for an engine to say whether it watches it. */
export interface FedTerminal {
  terminalId: string;
  vehicleId: number | null;
}

export interface FixListener {
  /**
   * Whether this terminal's fixes may matter (a synchronous look in the engine's cache; true
   * while the cache is not loaded). Fixes nobody wants are neither kept nor presented.
   */
  wants?(t: FedTerminal): boolean;
  /** One terminal's fixes just committed, oldest first. */
  fixes(fixes: readonly LastPosition[]): void;
  /**
   * Fixes older than one this terminal's connection already fed (a blind-area upload after live
   * reports), in arrival order, each arrival's oldest first. Only an engine that can judge the
   * past soundly takes them (the geofences, pet zones, 智能工牌's off-post and standstill, 新国标's
   * overspeed: docs/architecture.md, "Position engines"); the others judge each terminal forwards
   * in time and never see them.
   */
  lateFixes?(fixes: readonly LastPosition[]): void;
  /** A terminal came online or was declared offline (by one gateway of the cluster: it is stored with a compare-and-set). */
  presence?(p: Presence): void;
}

/**
 * The position-driven engines' input (geofences, 电单车卫士, lease areas, 智能工牌, 新国标, pet
 * zones, 平台超速报警: each feature's `engine`, modules/features.ts): every fix this process's gateway has just committed, handed over in process after the
 * commit, one terminal at a time and in GPS-time order. Not the bus: the bus carries only each
 * terminal's newest fix (the live map), and on NATS every gateway would hear every other's, so
 * each fix would be judged once per gateway. A terminal's socket is held by one gateway at a time,
 * so its fixes are judged once in the cluster, in order (docs/architecture.md, "Position engines").
 * Presence changes come the same way, from the gateway that decided them.
 */
export class PositionFeed {
  private readonly listeners = new Set<FixListener>();

  subscribe(listener: FixListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Whether the gateway should keep this terminal's fixes until they commit (asked per message). */
  wants(t: FedTerminal): boolean {
    for (const l of this.listeners) if (!l.wants || l.wants(t)) return true;
    return false;
  }

  presence(p: Presence): void {
    for (const l of this.listeners) l.presence?.(p);
  }

  /** One terminal's committed fixes, oldest first (or late ones: FixListener.lateFixes), presented once for the listeners that want them. */
  publish(label: TerminalLabel, rows: readonly PositionFields[], late = false): void {
    if (rows.length === 0) return;
    const t = { terminalId: label.identifier, vehicleId: label.vehicleId };
    let fixes: LastPosition[] | null = null;
    for (const l of this.listeners) {
      if ((late && !l.lateFixes) || (l.wants && !l.wants(t))) continue;
      if (!fixes) {
        fixes = rows.map((p) => presentPosition(label, p));
        engineMetrics.fixesFed.inc(fixes.length);
      }
      if (late) l.lateFixes!(fixes);
      else l.fixes(fixes);
    }
  }
}
