/**
 * The demo's past week for terminals that move (the car fleet, the e-bikes, the 智能工牌 crew): the
 * simulator's own driver or walker, the one the live terminal drives, run over the last days'
 * working hours, a fix as its terminal would have reported it. Written straight to the tables (not
 * through the gateway: it is history, no engine should raise alarms for it) with the terminal's
 * presence, so the reports, the data centre and playback have a week to show on the first start.
 */
import type { StreetDriver } from '@chelian/simulator';
import { addDays, beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import type { AppContext } from '../../context.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { copyPositions, type StoredPosition } from '../../core/positionCopy.ts';

/** Days of past the demo's terminals come with (today's hours before start included). */
export const DEMO_PAST_DAYS = 7;
/** The past stops this long before start: the live terminal reports from then on. */
export const DEMO_LIVE_MARGIN_MS = 10 * 60_000;

export interface DemoPastPlan {
  terminalPk: number;
  /** Advanced by the generator; its fixes are the history. */
  driver: StreetDriver;
  /** A day's working spans, minutes after Beijing midnight: the terminal is on (online) only within them. */
  spans: (day: number) => Array<[startMinute: number, endMinute: number]>;
  /** Seconds between reports with ACC on (driving, at lights) and off (parked). */
  movingEverySeconds: number;
  parkedEverySeconds: number;
  /** The terminal's own odometer (JT/T 808 reports one), km added to the driver's. */
  odometerKm?: number;
}

export interface DemoPast {
  positions: StoredPosition[];
  /** Presence transitions (terminal on at a span's start, off at its end). */
  presence: Array<{ terminalPk: number; at: number; online: boolean }>;
}

/** The stored terminals of these identifiers, by identifier. */
export async function terminalPks(ctx: AppContext, identifiers: readonly string[]): Promise<Map<string, number>> {
  const rows = await ctx.db.query<{ id: number; identifier_key: string }>(
    `SELECT id, identifier_key FROM terminals WHERE identifier_key = ANY($1::text[])`,
    [identifiers.map(identifierKey)],
  );
  const byKey = new Map(rows.map((r) => [r.identifier_key, Number(r.id)]));
  return new Map(identifiers.flatMap((id) => (byKey.has(identifierKey(id)) ? [[id, byKey.get(identifierKey(id))!]] : [])));
}

/** Beijing midnight `days` before the day of `now`, in epoch ms. */
export const beijingMidnightBefore = (now: number, days: number) => beijingDayStart(addDays(beijingDayOf(now), -days));

/** One terminal's past: from Beijing midnight DEMO_PAST_DAYS ago to DEMO_LIVE_MARGIN_MS before `now`. */
export function demoPast(plan: DemoPastPlan, now: number): DemoPast {
  const positions: StoredPosition[] = [];
  const presence: DemoPast['presence'] = [];
  const stopAt = now - DEMO_LIVE_MARGIN_MS;
  const STEP = 5;
  for (let d = DEMO_PAST_DAYS; d >= 0; d--) {
    const midnight = beijingMidnightBefore(now, d);
    for (const [from, to] of plan.spans(d)) {
      const start = midnight + from * 60_000;
      const end = Math.min(midnight + to * 60_000, stopAt);
      if (start >= end) continue;
      presence.push({ terminalPk: plan.terminalPk, at: start, online: true });
      let next = start;
      let last = start;
      let wasAcc: boolean | null = null;
      for (let t = start; t < end; t += STEP * 1000) {
        plan.driver.step(STEP);
        const fix = plan.driver.fix();
        // As a JT/T 808 terminal does: the interval follows ACC (on: the moving one), and ACC turning
        // is reported at once, so a drive's first fix is where the vehicle stood or a step from it.
        if (t < next && fix.acc === wasAcc) continue;
        wasAcc = fix.acc;
        positions.push({
          terminalPk: plan.terminalPk,
          gpsTime: t,
          receivedAt: t + 1500,
          lat: fix.lat,
          lon: fix.lon,
          speed: fix.speedKmh,
          course: fix.course,
          altitude: 0,
          valid: true,
          satellites: 9,
          acc: fix.acc,
          mileage: plan.odometerKm === undefined ? null : Math.round((plan.odometerKm + fix.mileageKm) * 10) / 10,
          alarms: [],
          extras: null,
        });
        last = t;
        next = t + (fix.acc ? plan.movingEverySeconds : plan.parkedEverySeconds) * 1000;
      }
      presence.push({ terminalPk: plan.terminalPk, at: last + 30_000, online: false });
    }
  }
  return { positions, presence };
}

/**
 * Writes the past of the terminals that have none yet (no position before the margin), and dates
 * their hand-over back to its start: the terminals were installed a week ago, so their owner's
 * reports read it. Returns the positions written (none when every terminal had its past).
 */
export async function seedDemoPast(ctx: AppContext, plans: readonly DemoPastPlan[], now = Date.now()): Promise<StoredPosition[]> {
  if (!plans.length) return [];
  const pks = plans.map((p) => p.terminalPk);
  const withPast = new Set(
    (
      await ctx.db.query<{ id: number }>(
        `SELECT DISTINCT terminal_id AS id FROM positions WHERE terminal_id = ANY($1::bigint[]) AND gps_time < $2`,
        [pks, new Date(now - DEMO_LIVE_MARGIN_MS)],
      )
    ).map((r) => Number(r.id)),
  );
  const todo = plans.filter((p) => !withPast.has(p.terminalPk));
  if (!todo.length) return [];
  const since = new Date(beijingMidnightBefore(now, DEMO_PAST_DAYS));
  // Only terminals that never spoke and were put in their account at seed time (none handed over since).
  await ctx.db.query(
    `UPDATE terminals SET assigned_at = $2 WHERE id = ANY($1::bigint[]) AND handed_over_at IS NULL AND last_seen_at IS NULL AND assigned_at > $2`,
    [todo.map((p) => p.terminalPk), since],
  );
  // One COPY and one insert for all of them: a statement per terminal costs more than its rows.
  const positions: StoredPosition[] = [];
  const presence: DemoPast['presence'] = [];
  for (const plan of todo) {
    const past = demoPast(plan, now);
    for (const p of past.positions) positions.push(p);
    presence.push(...past.presence);
  }
  await copyPositions(ctx.db, positions);
  if (presence.length)
    await ctx.db.query(
      `INSERT INTO presence_events (terminal_id, at, online) SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::boolean[])`,
      [presence.map((p) => p.terminalPk), presence.map((p) => new Date(p.at)), presence.map((p) => p.online)],
    );
  return positions;
}
