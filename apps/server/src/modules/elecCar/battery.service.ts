import type { BikeBattery } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { BikeRow } from './bikes.queries.ts';
import { percentFromVoltage } from './batteryEstimate.ts';
import { batteryTrendQueries } from './batteryTrend.queries.ts';

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
      start: first.time, end: ended ? last.time : null, startPercent: first.percent, endPercent: last.percent,
      startVoltage: first.voltage, endVoltage: last.voltage,
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

/** Voltage trend (5-minute buckets) and charge sessions from the positions' e-bike status. */
export async function bikeBattery(db: Db, bike: BikeRow, start: Date, end: Date): Promise<Omit<BikeBattery, 'bms'>> {
  if (bike.terminal_pk === null) return { trend: [], charges: [] };
  const rows = await batteryTrendQueries.buckets(db, bike.terminal_pk, start, end);
  const trend = rows.map((r) => {
    const voltage = r.volts === null ? null : Math.round(r.volts * 10) / 10;
    return { time: r.bucket.getTime(), voltage, percent: percentFromVoltage(voltage, bike.battery_voltage), charging: r.charging };
  });
  return { trend, charges: chargeSessions(trend) };
}
