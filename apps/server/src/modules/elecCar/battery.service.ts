import type { BikeBattery } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { BikeRow } from './bikes.queries.ts';
import { percentFromVoltage } from './batteryEstimate.ts';
import { batteryTrendQueries } from './batteryTrend.queries.ts';
import { batteryQueries } from '../ebike/battery.queries.ts';
import { bmsTrend, presentBms } from './batteryBms.ts';

type Point = BikeBattery['trend'][number];
type Session = BikeBattery['charges'][number];

/** Charge sessions: each run of points reported charging, from its first to its last point. */
export function chargeSessions(points: readonly Point[]): Session[] {
  const out: Session[] = [];
  let first: Point | null = null;
  let last: Point | null = null;
  const close = (ended: boolean) => {
    if (!first || !last) return;
    out.push({
      start: first.time,
      end: ended ? last.time : null,
      startPercent: first.percent,
      endPercent: last.percent,
      startVoltage: first.voltage,
      endVoltage: last.voltage,
    });
    first = last = null;
  };
  for (const p of points) {
    if (p.charging === true) {
      first ??= p;
      last = p;
    } else if (p.charging === false) close(true);
  }
  close(false); // still charging at the newest point
  return out;
}

/**
 * The battery page: from the BMS reports when the bike sends them (figures as the pack measures
 * them), else the pack voltage of the positions' e-bike status in 5-minute buckets; the newest BMS
 * report's figures and faults.
 */
export async function bikeBattery(db: Db, bike: BikeRow, start: Date, end: Date): Promise<BikeBattery> {
  if (bike.terminal_pk === null) return { trend: [], charges: [], bms: null };
  const [reports, latest] = await Promise.all([
    batteryQueries.between(db, bike.terminal_pk, start, end),
    batteryQueries.latest(db, bike.terminal_pk),
  ]);
  const bms = latest ? presentBms(latest) : null;
  if (reports.length) return { ...bmsTrend(reports), bms };
  const rows = await batteryTrendQueries.buckets(db, bike.terminal_pk, start, end);
  const trend = rows.map((r) => {
    const voltage = r.volts === null ? null : Math.round(r.volts * 10) / 10;
    return { time: r.bucket.getTime(), voltage, percent: percentFromVoltage(voltage, bike.battery_voltage), charging: r.charging };
  });
  return { trend, charges: chargeSessions(trend), bms };
}
