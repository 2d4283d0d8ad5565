import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../../db/types.ts';
import { freshestFix } from '../../core/freshestFix.ts';
import type { GuardState } from './guardRules.ts';

export interface GuardRow {
  vehicle_id: number;
  terminal_pk: number | null;
  identifier: string | null;
  protocol: string | null;
  armed: boolean | null;
  armed_lat: number | null;
  armed_lon: number | null;
  acc_alarmed: boolean;
  displaced: boolean;
  displacement_radius: number;
  auto_arm: boolean;
  auto_arm_delay: number;
}

/** The flags a raised alarm sets; set with a compare-and-set, so of two processes one raises it. */
const FLAG = { accOnWhileArmed: 'acc_alarmed', displacement: 'displaced' } as const;

export const guardQueries = {
  bikeVehicleIds: async (q: Queryable) =>
    new Set((await q.query<{ id: number }>(`SELECT vehicle_id AS id FROM elec_car_bikes`)).map((r) => Number(r.id))),

  guardOf: async (q: Queryable, vehicleId: number) =>
    (
      await q.query<GuardRow>(
        `SELECT b.vehicle_id, t.id AS terminal_pk, t.identifier, t.protocol, b.armed, b.armed_lat, b.armed_lon, b.acc_alarmed, b.displaced,
              b.displacement_radius, b.auto_arm, b.auto_arm_delay
         FROM elec_car_bikes b JOIN vehicles v ON v.id = b.vehicle_id LEFT JOIN terminals t ON t.id = v.terminal_id WHERE b.vehicle_id = $1`,
        [vehicleId],
      )
    )[0],

  save: (q: Queryable, vehicleId: number, s: GuardState) =>
    q.query(
      `UPDATE elec_car_bikes SET armed = $2, armed_lat = $3, armed_lon = $4, acc_alarmed = $5, displaced = $6,
              armed_at = CASE WHEN $2 AND armed IS NOT TRUE THEN now() WHEN $2 THEN armed_at END
        WHERE vehicle_id = $1`,
      [vehicleId, s.armed, s.armedLat, s.armedLon, s.accAlarmed, s.displaced],
    ),

  claimFlag: async (q: Queryable, vehicleId: number, alarm: keyof typeof FLAG) =>
    (
      await q.query(`UPDATE elec_car_bikes SET ${FLAG[alarm]} = true WHERE vehicle_id = $1 AND NOT ${FLAG[alarm]} RETURNING vehicle_id`, [
        vehicleId,
      ])
    ).length === 1,

  /** An alarm of the bike's terminal, owned by the bike's account; `late` (补传) from a blind-area fix. */
  raise: async (
    q: Queryable,
    a: { vehicleId: number; type: AlarmType; at: number; lat: number | null; lon: number | null; speed: number | null; late?: boolean },
  ) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed, late)
       SELECT v.terminal_id, v.account_id, v.id, $2, $3, $4, $5, $6, $7 FROM vehicles v WHERE v.id = $1 AND v.terminal_id IS NOT NULL RETURNING id`,
        [a.vehicleId, a.type, new Date(a.at), a.lat, a.lon, a.speed, a.late ?? false],
      )
    ).map((r) => Number(r.id)),

  latestOf: async (q: Queryable, vehicleId: number) =>
    (
      await q.query<{ lat: number; lon: number; speed: number; gps_time: Date }>(
        `SELECT f.lat, f.lon, f.speed, f.gps_time FROM vehicles v CROSS JOIN LATERAL ${freshestFix('v.terminal_id')} f WHERE v.id = $1`,
        [vehicleId],
      )
    )[0],
};
