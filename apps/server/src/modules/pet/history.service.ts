/**
 * A pet's day: its collar's fixes in order (the track) and a heat map of where it spent the time —
 * cells of HEAT_CELL_DEG (about 50 m), each weighted by the minutes until the next fix (at most
 * MAX_STAY_MINUTES, so a night with the collar off does not dominate).
 */
import { PET_ERRORS, type PetHistory } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { petsQueries, type PetRow } from './pets.queries.ts';
import { beijingDayOf, beijingDayStart, DAY_MS } from '@chelian/contracts/beijingTime.ts';

export const HEAT_CELL_DEG = 0.0005;
export const MAX_STAY_MINUTES = 30;
const MAX_POINTS = 20_000;

export function heatCells(points: ReadonlyArray<{ time: number; lat: number; lon: number }>): PetHistory['heat'] {
  const cells = new Map<string, { lat: number; lon: number; minutes: number }>();
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const next = points[i + 1];
    const minutes = next ? Math.min(MAX_STAY_MINUTES, Math.max(0, (next.time - p.time) / 60_000)) : 1;
    const lat = (Math.floor(p.lat / HEAT_CELL_DEG) + 0.5) * HEAT_CELL_DEG;
    const lon = (Math.floor(p.lon / HEAT_CELL_DEG) + 0.5) * HEAT_CELL_DEG;
    const key = `${lat.toFixed(5)},${lon.toFixed(5)}`;
    const cell = cells.get(key);
    if (cell) cell.minutes += minutes;
    else cells.set(key, { lat: Number(lat.toFixed(5)), lon: Number(lon.toFixed(5)), minutes });
  }
  return [...cells.values()].map((c) => ({ ...c, minutes: Math.round(c.minutes * 10) / 10 })).sort((a, b) => b.minutes - a.minutes);
}

export async function petHistory(q: Queryable, pet: PetRow, date: string | undefined): Promise<PetHistory> {
  const day = date || beijingDayOf(Date.now());
  const start = beijingDayStart(day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(start)) throw new AppError(PET_ERRORS.badValue, { params: { field: '日期' } });
  if (pet.terminal_pk === null) return { day, points: [], heat: [] };
  const rows = await petsQueries.dayFixes(q, pet.terminal_pk, new Date(start), new Date(start + DAY_MS), MAX_POINTS);
  const points = rows.map((r) => ({ time: r.gps_time.getTime(), lat: r.lat, lon: r.lon, source: r.source ?? 'gps' }));
  return { day, points, heat: heatCells(points) };
}
