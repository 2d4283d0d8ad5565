import type { DeviceMessage, EbikeStatus } from '@chelian/protocols/model.ts';
import { ebikeFromBms, ebikeFromPosition } from './ebikeStatus.ts';
import type { IngestRows } from './ingestBatcher.ts';

/**
 * One connection's e-bike status as last reported (GT06 0xF1; else its BMS and locations): its
 * positions carry it in extras.ebike, and its BMS reports and device statuses are stored with the
 * flush (ebikeRows.ts). Not an e-bike until a message says so.
 */
export class EbikeTracker {
  private ebike: EbikeStatus | null = null;
  /** The terminal sends GT06 0xF1 device status: that, not its BMS or locations, says its state. */
  private sentDeviceStatus = false;

  /** Handed over (docs/security.md, "Re-assigned terminals"): the status it had is the previous owner's. */
  handedOver() {
    this.ebike = null;
    this.sentDeviceStatus = false;
  }

  /** Notes what the message says of the bike, and stamps the status on its positions (extras.ebike). */
  enrich(msg: DeviceMessage) {
    if (msg.ebike) this.sentDeviceStatus = true;
    if (msg.ebike || msg.bms || (this.ebike && msg.status)) this.note(msg);
    if (this.ebike && msg.positions) {
      for (const p of msg.positions) {
        // Without a device status (JT/T 808 e-bikes), each location gives ACC and the cut relay.
        if (!this.sentDeviceStatus) this.ebike = { ...this.ebike, ...ebikeFromPosition(p) };
        p.extras.ebike ??= this.ebike;
      }
    }
  }

  /** The whole 0xF1 status, or the GT06 terminal-information bits of an e-bike that sent one. */
  private note(msg: DeviceMessage) {
    const was = this.ebike ?? {};
    const s = msg.ebike ?? {
      armed: msg.status?.armed,
      acc: msg.status?.acc,
      charging: msg.status?.charging,
      powerCut: msg.status?.oilCut,
      // A terminal without a device status: the pack's voltage, temperature and charging from its BMS.
      ...(msg.bms && !this.sentDeviceStatus ? ebikeFromBms(msg.bms) : {}),
    };
    const next: EbikeStatus = { ...was };
    for (const k of Object.keys(s) as Array<keyof EbikeStatus>) if (s[k] !== undefined) (next as Record<string, unknown>)[k] = s[k];
    this.ebike = next;
  }
}

/** A message's BMS report and device status as rows to store with the flush (null: it carries neither). */
export function ebikeRowsOf(terminalPk: number, msg: DeviceMessage, now: number): IngestRows['ebike'] | null {
  if (!msg.bms && !msg.ebike) return null;
  return {
    batteries: msg.bms ? [{ terminalPk, receivedAt: now, bms: msg.bms }] : [],
    states: msg.ebike ? [{ terminalPk, reportedAt: now, state: msg.ebike }] : [],
  };
}
