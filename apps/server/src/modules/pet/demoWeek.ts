import { PetWalker, Rng } from '@chelian/simulator';
import type { AppContext } from '../../context.ts';
import { copyPositions, type StoredPosition } from '../../core/positionCopy.ts';
import { statusReportQueries, type StatusReportRow } from '../../core/statusReports.queries.ts';
import type { DemoPet } from './pet.demo.ts';
import { BEIJING_OFFSET_MS, DAY_MS } from '@chelian/contracts/beijingTime.ts';

/** Days of past the demo pets come with. */
export const DEMO_PET_PAST_DAYS = 7;
/** A fix every 5 minutes while the pet is up, every 30 asleep or at rest (as the collar reports). */
const AWAKE_EVERY_MS = 5 * 60_000;
const RESTING_EVERY_MS = 30 * 60_000;
/** The past stops this long before start: the live collar reports from then on. */
const LIVE_MARGIN_MS = 10 * 60_000;

/** The Beijing midnight a week before `now`: where the pets' past begins. */
export function demoPetWeekStart(now: number): number {
  return Math.floor((now + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS - DEMO_PET_PAST_DAYS * DAY_MS;
}

/**
 * The past week of one pet as its collar would have reported it: its walker (the simulator's,
 * the same the live collar walks) run from the Beijing midnight a week ago, a fix with the
 * cumulative step count at each report.
 */
export function demoPetPast(pet: DemoPet, terminalPk: number, now: number): { positions: StoredPosition[]; statuses: StatusReportRow[] } {
  const startAt = demoPetWeekStart(now);
  const walker = new PetWalker({ city: pet.spec.city, rng: new Rng(pet.spec.seed).fork(7) }, { home: pet.home, startAt });
  const positions: StoredPosition[] = [];
  const statuses: StatusReportRow[] = [];
  let nextReport = startAt;
  for (let t = startAt; t < now - LIVE_MARGIN_MS; t += 60_000) {
    walker.step(60);
    if (t < nextReport) continue;
    const fix = walker.fix();
    const receivedAt = t + 2000;
    positions.push({
      terminalPk,
      gpsTime: t,
      receivedAt,
      lat: fix.lat,
      lon: fix.lon,
      speed: fix.speedKmh,
      course: fix.course,
      altitude: 0,
      valid: true,
      satellites: 8,
      acc: null,
      mileage: null,
      alarms: [],
      extras: { steps: fix.steps, accuracy: 10, locationSource: 'gps' },
    });
    statuses.push({
      terminalPk,
      at: t,
      receivedAt,
      kind: 'UD',
      battery: null,
      steps: fix.steps,
      roll: null,
      signal: 80,
      extras: { fix: true },
    });
    nextReport = t + (walker.mode === 'active' ? AWAKE_EVERY_MS : RESTING_EVERY_MS);
  }
  return { positions, statuses };
}

/**
 * Gives each demo pet whose collar has no past yet a week of it, so 足迹热力 and 活动统计 show
 * lived-in days on the first start. Written straight to the tables (not through the gateway):
 * it is history, and no engine should raise alarms for it. The pet is dated as set up when its
 * week begins: its 报警 list shows what its collar raised since the pet was set up, and the week's
 * alarms arrived as they were raised. Returns the pets given a past.
 */
export async function seedDemoPetWeek(ctx: AppContext, pets: readonly DemoPet[], now = Date.now()): Promise<number> {
  let seeded = 0;
  for (const pet of pets) {
    const [terminal] = await ctx.db.query<{ pk: string; has_past: boolean }>(
      `SELECT t.id::text AS pk, EXISTS (SELECT 1 FROM positions p WHERE p.terminal_id = t.id AND p.gps_time < $2) AS has_past
         FROM terminals t WHERE t.identifier = $1`,
      [pet.spec.id, new Date(now - LIVE_MARGIN_MS)],
    );
    if (!terminal || terminal.has_past) continue;
    const { positions, statuses } = demoPetPast(pet, Number(terminal.pk), now);
    await copyPositions(ctx.db, positions);
    await statusReportQueries.insert(ctx.db, statuses);
    await ctx.db.query(`UPDATE pets SET created_at = LEAST(created_at, $2) WHERE terminal_id = $1`, [
      terminal.pk,
      new Date(demoPetWeekStart(now)),
    ]);
    seeded++;
  }
  return seeded;
}
