import type { Bus } from '../bus/bus.ts';
import { subjects } from '../bus/subjects.ts';
import type { FedTerminal, PositionFeed } from '../core/positionFeed.ts';
import type { StoredPosition } from './ingest.queries.ts';
import type { IngestTicket, LatestFix } from './ingestBatcher.ts';
import { feedFixes, publishAlarm, publishPosition } from './liveEvents.ts';
import { beforeHandOver, type TerminalInfo } from './terminalDirectory.ts';

/**
 * What one connection tells once its terminal's rows are stored: live news on the bus and every
 * fix to this process's position engines (core/positionFeed.ts; none without a feed).
 */
export class StoredNews {
  private lastPublishedTime = -Infinity;
  /** The newest fix handed to the engines: an older one stored later is not fed (each terminal's fixes in order). */
  private lastFedTime = -Infinity;
  /** The terminal as the engines are asked whether they watch it (made once per identification). */
  private fedAs: FedTerminal | null = null;
  /** The terminal's live subject, made once per terminal record (a string built and split per stored position otherwise). */
  private subject: { of: TerminalInfo; subject: string } | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly positionFeed: PositionFeed | undefined,
  ) {}

  /** The connection's terminal, or what it says of itself, changed: the engines are asked again. */
  terminalChanged() {
    this.fedAs = null;
  }

  /** Whether an engine of this process watches the terminal: its fixes are then kept until commit. */
  wantsFixes(t: TerminalInfo): boolean {
    return this.positionFeed?.wants((this.fedAs ??= { terminalId: t.identifier, vehicleId: t.vehicleId })) ?? false;
  }

  /**
   * Live news once stored: the newest fix of what was just stored, as latest_positions got it (a
   * blind-spot upload of old points does not move the marker back; a burst of reports is one
   * update; a report without a fix moves nothing), and each alarm. The position engines get every
   * fix (fed()).
   */
  published(t: TerminalInfo, tickets: IngestTicket[]) {
    let newest: StoredPosition | undefined;
    // The batches' fixes, each batch once (its tickets share one LatestFix).
    let batches: LatestFix[] | null = null;
    for (let i = 0; i < tickets.length; i++) {
      const ticket = tickets[i];
      const fix = ticket.latest.newest;
      if (fix && fix.gpsTime >= this.lastPublishedTime && !beforeHandOver(t, fix) && (!newest || fix.gpsTime >= newest.gpsTime))
        newest = fix;
      if (ticket.latest.fixes && !batches?.includes(ticket.latest)) (batches ??= []).push(ticket.latest);
      // Indexed, no forEach: its callback was a closure made per ticket, for alarms that are nearly always none.
      const alarms = ticket.alarms;
      for (let j = 0; j < alarms.length; j++) publishAlarm(this.bus, t, ticket.alarmIds![j], alarms[j]);
    }
    // An expired service keeps its history but shows no live position (docs/decisions.md).
    const expired = t.serviceExpiresAt !== null && t.serviceExpiresAt.getTime() < Date.now();
    if (newest && !expired) {
      this.lastPublishedTime = newest.gpsTime;
      if (this.subject?.of !== t) this.subject = { of: t, subject: subjects.live('pos', t.accountPath, t.identifier) };
      publishPosition(this.bus, t, newest, this.subject.subject);
    }
    if (batches && !expired) this.fed(t, batches);
  }

  /**
   * The engines get every fix just stored, in GPS-time order (a blind-area upload may follow live
   * reports in one batch); only this connection feeds its terminal, so in a cluster each fix is
   * judged by one gateway's engines. A fix older than one already fed (a blind-area upload after
   * live reports) goes apart, as late, to the engines that judge those (core/positionFeed.ts).
   */
  private fed(t: TerminalInfo, batches: LatestFix[]) {
    const fixes: StoredPosition[] = [];
    let late: StoredPosition[] | null = null;
    for (const batch of batches) {
      for (const p of batch.fixes!) {
        if (p.terminalPk !== t.pk || beforeHandOver(t, p)) continue;
        if (p.gpsTime >= this.lastFedTime) fixes.push(p);
        else (late ??= []).push(p);
      }
      batch.fixes = null; // fed once; let the rows go
    }
    if (!this.positionFeed) return;
    if (fixes.length) {
      fixes.sort((a, b) => a.gpsTime - b.gpsTime);
      this.lastFedTime = fixes[fixes.length - 1].gpsTime;
      feedFixes(this.positionFeed, t, fixes);
    }
    // In arrival order: an engine judging one late fix counts those that arrived before it as judged.
    if (late)
      feedFixes(
        this.positionFeed,
        t,
        late.sort((a, b) => a.receivedAt - b.receivedAt || a.gpsTime - b.gpsTime),
        true,
      );
  }
}
