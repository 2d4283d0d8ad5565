import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { bmsAlarms } from '@chelian/protocols';
import type { BmsReport } from '@chelian/protocols/model.ts';
import { isBlindArea } from '@chelian/protocols/positionAttributes.ts';
import type { NewAlarm, StoredPosition } from './ingest.queries.ts';
import { hasFix } from './positionRows.ts';
import { beforeHandOver, type TerminalInfo } from './terminalDirectory.ts';

/** The alarm set of a terminal with none active: shared, since edges never mutate a set. */
export const NO_ALARMS: ReadonlySet<string> = new Set();

interface AlarmEdges {
  readonly raised: readonly AlarmType[];
  readonly active: ReadonlySet<string>;
}

const NO_EDGES: AlarmEdges = Object.freeze({ raised: Object.freeze([]), active: NO_ALARMS });

/**
 * Alarm bits are levels: a terminal repeats SOS in every report while it lasts. An alarm is
 * stored when a type appears (rising edge); an alarm packet is an event and always stored.
 * Returns the alarms to store and the new active set.
 */
export function alarmEdges(active: ReadonlySet<string>, reported: readonly AlarmType[], isEvent: boolean): AlarmEdges {
  if (!reported.length) return NO_EDGES; // nearly every report: nothing to allocate

  const raised = isEvent ? [...new Set(reported)] : [...new Set(reported)].filter((a) => !active.has(a));
  return { raised, active: new Set(reported) };
}

type Place = { lat: number; lon: number; speed: number } | null;

/**
 * Where the terminal last was, overwritten by each fix: a class of its own. As a literal, each
 * report's store allocated two boxed numbers (~30 bytes a position, issue 33) — likely because V8
 * shares a literal's hidden class with other `{ lat, lon, … }` objects, whose fields are not all
 * plain doubles; a class's fields stay doubles, written in place.
 */
class LastPlace {
  lat = 0.5;
  lon = 0.5;
  speed = 0.5;
}

/** A new alarm of the terminal, at a place (or none known); `late`: raised by a blind-area fix (补传). */
export function newAlarm(t: TerminalInfo, type: AlarmType, time: number, at: Place, late = false): NewAlarm {
  const alarm: NewAlarm = {
    terminalPk: t.pk,
    accountId: t.accountId,
    vehicleId: t.vehicleId,
    type,
    alarmTime: time,
    lat: at?.lat ?? null,
    lon: at?.lon ?? null,
    speed: at?.speed ?? null,
  };
  if (late) alarm.late = true;
  return alarm;
}

/**
 * One connection's alarm levels: which alarms its terminal has on (from its positions and status,
 * and apart from them its BMS's), and where it last was, for alarms that come without a fix.
 * Each method returns the alarms raised, or null when none (nearly every report).
 */
export class AlarmEdgeTracker {
  private active: ReadonlySet<string> = NO_ALARMS;
  /** BMS alarms are levels of their own: a position report without them does not end them. */
  private activeBms: ReadonlySet<string> = NO_ALARMS;
  private lastFix: LastPlace | null = null;

  /** The connection now goes by this terminal: the alarms on at its last stored position are not raised again. */
  identified(t: TerminalInfo) {
    this.active = t.lastAlarms.length ? new Set(t.lastAlarms) : NO_ALARMS;
  }

  /** Handed over (docs/security.md, "Re-assigned terminals"): an alarm still on is raised anew for the new owner. */
  handedOver() {
    this.active = NO_ALARMS;
    this.lastFix = null;
  }

  /** The stored positions' alarms, in order; a blind-area upload of a previous owner's time is history, not this owner's news. */
  fromPositions(t: TerminalInfo, positions: readonly StoredPosition[], isEvent: boolean): NewAlarm[] | null {
    let alarms: NewAlarm[] | null = null;
    // Indexed loops: V8 left these for…of loops allocating an iterator result per step (issue 33),
    // likely because `positions` and `raised` are often the shared frozen empty arrays.
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i];
      if (beforeHandOver(t, p)) continue;
      const edges = alarmEdges(this.active, p.alarms, isEvent);
      this.active = edges.active;
      const raised = edges.raised;
      for (let j = 0; j < raised.length; j++) (alarms ??= []).push(newAlarm(t, raised[j], p.gpsTime, p, isBlindArea(p.extras)));
      if (hasFix(p)) this.keepPlace(p);
    }
    return alarms;
  }

  /**
   * Where it was, copied into the tracker's own object: the row itself, kept until the next report,
   * outlived young collections and was promoted with everything it holds (issue 33).
   */
  private keepPlace(p: StoredPosition) {
    const place = (this.lastFix ??= new LastPlace());
    place.lat = p.lat;
    place.lon = p.lon;
    place.speed = p.speed;
  }

  /** Alarms of a message without a fix of its own: they happened where the terminal last was. */
  fromStatus(t: TerminalInfo, reported: readonly AlarmType[], isEvent: boolean, now: number): NewAlarm[] | null {
    const edges = alarmEdges(this.active, reported, isEvent);
    this.active = edges.active;
    return this.raised(t, edges.raised, now);
  }

  /** The alarms a BMS report's figures raise (packages/protocols' thresholds). */
  fromBms(t: TerminalInfo, bms: BmsReport, now: number): NewAlarm[] | null {
    const edges = alarmEdges(this.activeBms, bmsAlarms(bms), false);
    this.activeBms = edges.active;
    return this.raised(t, edges.raised, now);
  }

  private raised(t: TerminalInfo, types: readonly AlarmType[], now: number): NewAlarm[] | null {
    return types.length ? types.map((type) => newAlarm(t, type, now, this.lastFix)) : null;
  }
}
