/**
 * What the demo e-bikes' owners did before the first start, beside the week of trips
 * (terminals/demoWeek.ts): the packs' BMS reports over the week — drained by the rides the
 * history holds, charged overnight at home — and a power cut and its restore. So 电池管理 has a
 * trend and 充电记录 and 车辆监控 a 断电记录 on the first day. Written straight to the tables, as
 * the pets' and the cars' past is (history: no engine should act on it).
 */
import { Rng, SimBattery } from '@chelian/simulator';
import { BEIJING_OFFSET_MS } from '@chelian/contracts/beijingTime.ts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { DEMO_LIVE_MARGIN_MS, DEMO_PAST_DAYS, beijingMidnightBefore, terminalPks } from '../terminals/demoWeek.ts';
import type { DemoVehicle } from '../terminals/terminals.demo.ts';
import { operatorName } from './powerOrders.queries.ts';

const MINUTE = 60_000;
/** A BMS report every 5 minutes while the bike is on, every 15 while it charges at night. */
const ON_EVERY_MS = 5 * MINUTE;
const CHARGING_EVERY_MS = 15 * MINUTE;
/** The bike is off once its history has no fix for this long. */
const OFF_AFTER_MS = 10 * MINUTE;
/** Plugged in at home in the evening when below this. */
const PLUG_BELOW_PCT = 80;

interface BmsRow {
  terminal_id: number;
  received_at: string;
  battery_serial: string;
  soc_pct: number;
  remaining_mah: number;
  absolute_soc_pct: number;
  full_mah: number;
  health_pct: number;
  temperature_c: number;
  current_a: number;
  voltage_v: number;
  cycles: number;
  cell_volts: number[];
  charge_interval_h: number;
  max_charge_interval_h: number;
  barcode: string;
}

/** One bike's week of BMS reports, its pack run along the speeds of its stored history. */
export function demoBatteryWeek(bike: DemoVehicle, terminalPk: number, fixes: ReadonlyArray<{ at: number; speed: number }>, now: number) {
  const battery = new SimBattery(new Rng(bike.spec.seed).fork(3), { plugBelowPct: 0 });
  const rows: BmsRow[] = [];
  let i = 0;
  let nextReport = 0;
  let fullAt = beijingMidnightBefore(now, DEMO_PAST_DAYS);
  let maxInterval = 0;
  for (let t = fullAt; t < now - DEMO_LIVE_MARGIN_MS; t += MINUTE) {
    while (i + 1 < fixes.length && fixes[i + 1]!.at <= t) i++;
    const fix = fixes[i];
    const on = fix !== undefined && fix.at <= t && t - fix.at < OFF_AFTER_MS;
    const speed = on ? fix.speed : 0;
    const hour = new Date(t + BEIJING_OFFSET_MS).getUTCHours();
    if (!on && !battery.charging && (hour >= 20 || hour < 6) && battery.socPct < PLUG_BELOW_PCT) battery.charging = true;
    battery.step(60, speed >= 3 ? speed : 0, speed < 3);
    if (battery.socPct >= 99.5) fullAt = t;
    const every = on ? ON_EVERY_MS : battery.charging ? CHARGING_EVERY_MS : 0;
    if (!every || t < nextReport) continue;
    nextReport = t + every;
    const f = battery.figures();
    const interval = Math.floor((t - fullAt) / 3_600_000);
    maxInterval = Math.max(maxInterval, interval);
    rows.push({
      terminal_id: terminalPk,
      received_at: new Date(t).toISOString(),
      battery_serial: bike.spec.id.slice(-16),
      soc_pct: f.socPct,
      remaining_mah: f.remainingMah,
      absolute_soc_pct: f.absoluteSocPct,
      full_mah: f.fullMah,
      health_pct: f.healthPct,
      temperature_c: f.temperatureC,
      current_a: f.currentA,
      voltage_v: f.voltageV,
      cycles: f.cycles,
      cell_volts: f.cellVolts,
      charge_interval_h: interval,
      max_charge_interval_h: maxInterval,
      barcode: `CL${bike.spec.id.slice(-14)}`,
    });
  }
  return rows;
}

/** The week of BMS reports of the bikes that have none from before the start. Returns the bikes given one. */
export async function seedDemoBatteryWeek(ctx: AppContext, bikes: readonly DemoVehicle[], now = Date.now()): Promise<number> {
  const pks = await terminalPks(
    ctx,
    bikes.map((b) => b.spec.id),
  );
  let seeded = 0;
  for (const bike of bikes) {
    const pk = pks.get(bike.spec.id);
    if (pk === undefined) continue;
    const before = new Date(now - DEMO_LIVE_MARGIN_MS);
    const [had] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ebike_battery_reports WHERE terminal_id = $1 AND received_at < $2`,
      [pk, before],
    );
    if ((had?.n ?? 0) > 0) continue;
    const fixes = await ctx.db.query<{ at: Date; speed: number | null }>(
      `SELECT gps_time AS at, speed FROM positions WHERE terminal_id = $1 AND gps_time < $2 ORDER BY gps_time`,
      [pk, before],
    );
    const rows = demoBatteryWeek(
      bike,
      pk,
      fixes.map((f) => ({ at: f.at.getTime(), speed: f.speed ?? 0 })),
      now,
    );
    if (!rows.length) continue;
    await ctx.db.query(
      `INSERT INTO ebike_battery_reports (terminal_id, received_at, bms_time, battery_serial, soc_pct, remaining_mah, absolute_soc_pct,
              full_mah, health_pct, temperature_c, current_a, voltage_v, cycles, cell_volts, charge_interval_h, max_charge_interval_h,
              barcode, battery_version, manufacturer, battery_status, controller_status, controller_fault, implausible)
       SELECT terminal_id, received_at, received_at, battery_serial, soc_pct, remaining_mah, absolute_soc_pct, full_mah, health_pct,
              temperature_c, current_a, voltage_v, cycles,
              ARRAY(SELECT c.v::double precision FROM json_array_elements_text(cell_volts) WITH ORDINALITY AS c(v, i) ORDER BY c.i),
              charge_interval_h, max_charge_interval_h, barcode, 258, 'CHELIAN SIM', 0, 0, 0, '{}'
         FROM json_to_recordset($1::json) AS x(terminal_id bigint, received_at timestamptz, battery_serial text, soc_pct smallint,
              remaining_mah integer, absolute_soc_pct smallint, full_mah integer, health_pct smallint, temperature_c double precision,
              current_a double precision, voltage_v double precision, cycles integer, cell_volts json, charge_interval_h integer,
              max_charge_interval_h integer, barcode text)`,
      [JSON.stringify(rows)],
    );
    seeded++;
  }
  return seeded;
}

/**
 * Each bike's owner cut its power one evening (parked outside overnight: the n-th bike n + 2 days
 * ago) and restored it the next morning, through the safe cut: 车辆监控's 断电记录 whichever bike
 * it opens on. Only for a bike with no orders yet.
 */
export async function seedDemoPowerOrders(ctx: AppContext, operator: SessionUser, bikes: readonly DemoVehicle[], now = Date.now()) {
  const pks = await terminalPks(
    ctx,
    bikes.map((b) => b.spec.id),
  );
  for (const [n, bike] of bikes.entries()) {
    const pk = pks.get(bike.spec.id);
    if (pk === undefined) continue;
    const midnight = beijingMidnightBefore(now, n + 1);
    const evening = midnight - 3 * 3_600_000 - (20 + 7 * n) * MINUTE; // about 20:40 the day before
    const morning = midnight + 7 * 3_600_000 + (5 + 3 * n) * MINUTE; // about 07:05
    await ctx.db.query(
      `INSERT INTO elec_car_power_orders (vehicle_id, terminal_id, account_id, user_id, user_name, action, status, reason,
              speed_at_request, speed_at_execution, created_at, expires_at, executed_at, finished_at)
       SELECT v.id, $1, $2, $3, ${operatorName(3, 4)}, x.action, 'done', '', x.req, 0, x.at, x.at + interval '10 minutes', x.at + x.wait, x.at + x.wait + interval '4 seconds'
         FROM vehicles v, (VALUES ('cut', $5::timestamptz, 8::real, interval '95 seconds'), ('restore', $6::timestamptz, 0::real, interval '2 seconds'))
              AS x(action, at, req, wait)
        WHERE v.terminal_id = $1 AND NOT EXISTS (SELECT 1 FROM elec_car_power_orders o WHERE o.terminal_id = $1)`,
      [pk, operator.accountId, operator.userId, operator.username, new Date(evening), new Date(morning)],
    );
  }
}
