import type { DeviceMessage } from '@chelian/protocols/model.ts';
import { AlarmEdgeTracker } from './alarmEdges.ts';
import { EbikeTracker, ebikeRowsOf } from './ebikeTracker.ts';
import type { NewAlarm } from './ingest.queries.ts';
import type { IngestRows } from './ingestBatcher.ts';
import { LateDayTracker } from './lateDays.ts';
import { markBlindArea, NO_NEW_ALARMS, toStoredPositions } from './positionRows.ts';
import { statusReportOf } from './statusReportRows.ts';
import type { TerminalInfo } from './terminalDirectory.ts';

/** Whether an engine of this process watches a terminal (StoredNews). */
export interface EngineInterest {
  wantsFixes(t: TerminalInfo): boolean;
}

/**
 * What one connection's decoded messages store: its positions (stamped with what the terminal said
 * beside them), the alarms they raise, the late days they reopen, e-bike, beacon and status rows.
 * Holds the connection's state between messages; a new kind of device data is added here.
 */
export class MessageRows {
  private readonly alarms = new AlarmEdgeTracker();
  private readonly ebike = new EbikeTracker();
  private readonly late = new LateDayTracker();

  /** The connection now goes by this terminal (its first identification, or another identifier). */
  identified(t: TerminalInfo) {
    this.alarms.identified(t);
    this.late.identified(t.latestAt);
  }

  /** Handed over (docs/security.md, "Re-assigned terminals"): the alarms and e-bike status it had are the previous owner's. */
  handedOver() {
    this.alarms.handedOver();
    this.ebike.handedOver();
  }

  /**
   * The rows of one message, or null when it stores nothing. `now` is the clock read when its
   * frame's turn began; `engines` say whether its fixes are kept until commit (storedNews.ts).
   */
  rowsFor(t: TerminalInfo, msg: DeviceMessage, now: number, engines: EngineInterest): IngestRows | null {
    this.ebike.enrich(msg);
    markBlindArea(msg, now);
    const positions = toStoredPositions(msg.positions, t.pk, now);
    // Nearly every report raises nothing: the entry then shares one empty list.
    const isEvent = msg.kind === 'alarm';
    let alarms: NewAlarm[] | null = this.alarms.fromPositions(t, positions, isEvent);
    // Blind-area uploads hours later, or a day already final: the rollup recomputes that day.
    const lateDays = this.late.lateDays(positions, now);
    const statusAlarms = msg.status?.alarms;
    if (positions.length === 0 && statusAlarms?.length) alarms = joined(alarms, this.alarms.fromStatus(t, statusAlarms, isEvent, now));
    const ebike = ebikeRowsOf(t.pk, msg, now);
    if (msg.bms) alarms = joined(alarms, this.alarms.fromBms(t, msg.bms, now));
    const statusReport = statusReportOf(t.pk, msg, now);
    if (!positions.length && !alarms && !ebike && !msg.beacons?.length && !statusReport) return null;
    const rows: IngestRows = lateDays
      ? { positions, alarms: alarms ?? NO_NEW_ALARMS, lateDays }
      : { positions, alarms: alarms ?? NO_NEW_ALARMS };
    if (ebike) rows.ebike = ebike;
    if (msg.beacons?.length) rows.beacons = msg.beacons.map((sighting) => ({ terminalPk: t.pk, receivedAt: now, sighting }));
    if (statusReport) rows.statusReports = [statusReport];
    // Kept until commit only when an engine of this process watches the terminal.
    if (positions.length && engines.wantsFixes(t)) rows.feed = true;
    return rows;
  }
}

function joined(alarms: NewAlarm[] | null, more: NewAlarm[] | null): NewAlarm[] | null {
  if (!more) return alarms;
  if (!alarms) return more;
  alarms.push(...more);
  return alarms;
}
