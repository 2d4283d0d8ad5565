import { DAY_MS, MAX_TRACK_DAYS, PLAYBACK_ERRORS, type TrackQuery, type TrackWindow } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { parseTime } from '../../http/timeInput.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { TerminalRow } from '../terminals/terminals.queries.ts';
import { visibleTerminal } from '../terminals/terminals.service.ts';
import type { VehicleRow } from '../terminals/vehicles.queries.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { trackQueries, type TrackRow } from './track.queries.ts';

/** Points read from the database at a time: a track of any length streams in constant memory. */
export const TRACK_WINDOW_ROWS = 10_000;

export interface TrackTarget {
  terminal: TerminalRow;
  /** when asked by vehicle */
  vehicle: VehicleRow | null;
  start: Date;
  end: Date;
}

/**
 * Which terminal's track, over which range, the caller may read (track.json, track.bin and the
 * Excel export alike): a range of at most MAX_TRACK_DAYS, a vehicle or terminal the caller sees
 * (a foreign one answers like a missing one), and a new owner's history starting at the hand-over.
 */
export async function resolveTrack(
  q: Queryable,
  user: SessionUser,
  input: Pick<TrackQuery, 'vehicleId' | 'terminalId' | 'start' | 'end'>,
): Promise<TrackTarget> {
  let start = parseTime(input.start, 'start');
  const end = parseTime(input.end, 'end');
  if (!start || !end) throw new AppError(PLAYBACK_ERRORS.rangeMissing);
  if (end <= start) throw new AppError(PLAYBACK_ERRORS.endBeforeStart);
  if (end.getTime() - start.getTime() > MAX_TRACK_DAYS * DAY_MS)
    throw new AppError(PLAYBACK_ERRORS.rangeTooLong, { params: { days: MAX_TRACK_DAYS } });
  let identifier = input.terminalId;
  let vehicle: VehicleRow | null = null;
  if (input.vehicleId !== undefined) {
    [vehicle] = await visibleVehicles(q, user, [input.vehicleId]);
    if (!vehicle.identifier) throw new AppError(PLAYBACK_ERRORS.vehicleWithoutTerminal);
    identifier = vehicle.identifier;
  }
  if (!identifier) throw new AppError(PLAYBACK_ERRORS.targetMissing);
  const terminal = await visibleTerminal(q, user, identifier);
  // The platform administrator sees a terminal's whole history.
  // A range wholly before the hand-over is empty: it starts and ends at its end (never start > end).
  if (!user.isPlatformAdmin && terminal.assigned_at && terminal.assigned_at > start)
    start = terminal.assigned_at < end ? terminal.assigned_at : end;
  return { terminal, vehicle, start, end };
}

/** What both track answers say about the track before its points. */
export const trackHead = ({ terminal, start, end }: TrackTarget) => ({
  terminalId: terminal.identifier,
  vehicleId: terminal.vehicle_id,
  plate: terminal.plate ?? '',
  start: start.getTime(),
  end: end.getTime(),
});

/** The track's points as rows, one window at a time (keyset on gps_time). */
export async function* trackRowWindows(q: Queryable, target: TrackTarget, includeInvalid: boolean): AsyncGenerator<TrackRow[]> {
  let after = new Date(target.start.getTime() - 1);
  for (;;) {
    const rows = await trackQueries.trackWindow(q, target.terminal.id, after, target.end, includeInvalid, TRACK_WINDOW_ROWS);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < TRACK_WINDOW_ROWS) return;
    after = rows[rows.length - 1].gps_time;
  }
}

/** The same points as columns (track.bin), times in seconds since `baseSeconds`. */
export async function* trackColumnWindows(
  q: Queryable,
  target: TrackTarget,
  includeInvalid: boolean,
  baseSeconds: number,
): AsyncGenerator<TrackWindow> {
  let after = new Date(target.start.getTime() - 1).toISOString();
  for (;;) {
    const { last, window } = await trackQueries.trackColumnsWindow(
      q,
      target.terminal.id,
      after,
      target.end,
      includeInvalid,
      TRACK_WINDOW_ROWS,
      baseSeconds,
    );
    if (!window || !last) return;
    yield window;
    if (window.length < TRACK_WINDOW_ROWS) return;
    after = last;
  }
}
