import { ELEC_CAR_DEFAULT_SPEED_LIMIT_KMH } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { sinceHandOver } from '../../core/handover.ts';
import { freshestFix } from '../../core/freshestFix.ts';
import { queryPage } from '../../db/queryPage.ts';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';

/** A bike with its terminal, latest position and any cut waiting for it to slow down. */
export interface BikeRow {
  id: number;
  name: string;
  plate: string;
  account_id: number;
  account_name: string;
  account_path: string;
  created_at: Date;
  terminal_pk: number | null;
  identifier: string | null;
  protocol: string | null;
  online: boolean | null;
  last_seen_at: Date | null;
  brand: string;
  model: string;
  frame_no: string;
  motor_no: string;
  battery_voltage: number | null;
  battery_capacity: number | null;
  auto_arm: boolean;
  auto_arm_delay: number;
  vibration_level: number;
  displacement_radius: number;
  /** km/h, the vehicle's own limit (超速报表's and 平台超速报警's); null: the platform default */
  speed_limit_kmh: number | null;
  report_interval: number;
  armed: boolean | null;
  power_cut: boolean | null;
  gps_time: Date | null;
  received_at: Date | null;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  valid: boolean | null;
  acc: boolean | null;
  extras: PositionAttributes | null;
  /** the latest 0xF1 device status (ebike_states), when the terminal sent one */
  es_reported_at: Date | null;
  es_armed: boolean | null;
  es_acc: boolean | null;
  es_power_cut: boolean | null;
  es_charging: boolean | null;
  es_supply_volts: number | null;
  /** the newest BMS report's state of charge, unless it was implausible */
  bms_soc: number | null;
  bms_at: Date | null;
  pending_id: number | null;
  pending_created: Date | null;
  pending_expires: Date | null;
  pending_user: string | null;
}

const SELECT = `SELECT v.id, v.name, v.plate, v.account_id, a.name AS account_name, a.path AS account_path, v.created_at,
       t.id AS terminal_pk, t.identifier, t.protocol, t.online, t.last_seen_at,
       b.brand, b.model, b.frame_no, b.motor_no, b.battery_voltage, b.battery_capacity, b.auto_arm, b.auto_arm_delay,
       b.vibration_level, b.displacement_radius, v.speed_limit_kmh::float8 AS speed_limit_kmh, b.report_interval, b.armed, b.power_cut,
       lp.gps_time, lp.received_at, lp.lat, lp.lon, lp.speed, lp.valid, lp.acc, lp.extras,
       es.reported_at AS es_reported_at, es.armed AS es_armed, es.acc AS es_acc, es.power_cut AS es_power_cut, es.charging AS es_charging,
       es.supply_volts AS es_supply_volts, bms.soc_pct AS bms_soc, bms.received_at AS bms_at,
       po.id AS pending_id, po.created_at AS pending_created, po.expires_at AS pending_expires, po.user_name AS pending_user
  FROM elec_car_bikes b JOIN vehicles v ON v.id = b.vehicle_id JOIN accounts a ON a.id = v.account_id
  LEFT JOIN terminals t ON t.id = v.terminal_id LEFT JOIN LATERAL ${freshestFix('t.id')} lp ON true
  LEFT JOIN ebike_states es ON es.terminal_id = t.id
  LEFT JOIN LATERAL (
    SELECT CASE WHEN 'soc' = ANY(r.implausible) THEN NULL ELSE r.soc_pct END AS soc_pct, r.received_at FROM ebike_battery_reports r
     WHERE r.terminal_id = t.id AND ${sinceHandOver('t', 'r.received_at')} ORDER BY r.received_at DESC, r.id DESC LIMIT 1
  ) bms ON true
  LEFT JOIN LATERAL (
    SELECT id, created_at, expires_at, user_name FROM elec_car_power_orders
     WHERE terminal_id = t.id AND status = 'pending' AND action = 'cut' AND expires_at > now() AND ${sinceHandOver('t', 'created_at')} ORDER BY id DESC LIMIT 1
  ) po ON true`;

export interface BikeProfile {
  brand: string;
  model: string;
  frameNo: string;
  motorNo: string;
  batteryVoltage: number | null;
  batteryCapacity: number | null;
}

/** The guard settings kept with the bike; its 超速阈值 is its vehicle's speed limit (vehicles.speed_limit_kmh). */
export interface BikeSettingsRow {
  autoArm: boolean;
  autoArmDelay: number;
  vibrationLevel: number;
  displacementRadius: number;
  reportInterval: number;
}

export const bikesQueries = {
  page: async (q: Queryable, scope: string, keyword: string | null, limit: number, offset: number) => {
    const where = `${terminalInScope('a.path', 1)} AND ($2::text IS NULL OR v.plate ILIKE $2 OR v.name ILIKE $2 OR t.identifier LIKE $2 OR b.brand ILIKE $2)`;
    return queryPage<BikeRow>(q, { select: `${SELECT} WHERE ${where}`, orderBy: 'v.id DESC', params: [scope, keyword] }, { limit, offset });
  },

  /** Bikes already known to be the caller's (a sub-product built on them, as 电单车租赁, lists its page of ids). */
  byIds: (q: Queryable, ids: number[]) => q.query<BikeRow>(`${SELECT} WHERE v.id = ANY($1::bigint[])`, [ids]),

  /** The bike if the scope may see it; a foreign one is as missing as one that does not exist. */
  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<BikeRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} AND v.id = $2`, [scope, id]))[0],

  /** The bike's profile; a vehicle without a speed limit of its own gets the e-bike's (ELEC_CAR_DEFAULT_SPEED_LIMIT_KMH). */
  insertProfile: (q: Queryable, vehicleId: number, p: BikeProfile) =>
    q.query(
      `WITH limited AS (UPDATE vehicles SET speed_limit_kmh = $8 WHERE id = $1 AND speed_limit_kmh IS NULL)
       INSERT INTO elec_car_bikes (vehicle_id, brand, model, frame_no, motor_no, battery_voltage, battery_capacity) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [vehicleId, p.brand, p.model, p.frameNo, p.motorNo, p.batteryVoltage, p.batteryCapacity, ELEC_CAR_DEFAULT_SPEED_LIMIT_KMH],
    ),

  updateProfile: (q: Queryable, vehicleId: number, p: BikeProfile) =>
    q.query(
      `UPDATE elec_car_bikes SET brand = $2, model = $3, frame_no = $4, motor_no = $5, battery_voltage = $6, battery_capacity = $7 WHERE vehicle_id = $1`,
      [vehicleId, p.brand, p.model, p.frameNo, p.motorNo, p.batteryVoltage, p.batteryCapacity],
    ),

  updateSettings: (q: Queryable, vehicleId: number, s: BikeSettingsRow) =>
    q.query(
      `UPDATE elec_car_bikes SET auto_arm = $2, auto_arm_delay = $3, vibration_level = $4, displacement_radius = $5, report_interval = $6
        WHERE vehicle_id = $1`,
      [vehicleId, s.autoArm, s.autoArmDelay, s.vibrationLevel, s.displacementRadius, s.reportInterval],
    ),

  /** Armed or disarmed as commanded; arming takes the bike's newest fix (core/freshestFix.ts), when valid, as the displacement centre. */
  setArmed: (q: Queryable, vehicleId: number, armed: boolean) =>
    q.query(
      `UPDATE elec_car_bikes b SET armed = $2, armed_at = CASE WHEN $2 THEN now() END, acc_alarmed = false, displaced = false,
              armed_lat = CASE WHEN $2 AND f.valid THEN f.lat END, armed_lon = CASE WHEN $2 AND f.valid THEN f.lon END
         FROM (SELECT 1) one LEFT JOIN vehicles v ON v.id = $1 LEFT JOIN LATERAL ${freshestFix('v.terminal_id')} f ON true
        WHERE b.vehicle_id = $1`,
      [vehicleId, armed],
    ),
};
