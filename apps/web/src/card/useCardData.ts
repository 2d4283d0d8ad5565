import { useCallback, useEffect, useState } from 'react';
import { MAX_PAGE_SIZE, cardEndpoints, type CardShift, type CardTeam, type Staff } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { beijingDate, beijingFormat } from '../shared/format/beijingTime.ts';

/** The most people the map and pickers load (page by page). */
const STAFF_LIMIT = 20_000;

/** Everyone of the subtree, page after page (a team is often larger than one page). */
async function allStaff(): Promise<Staff[]> {
  const all: Staff[] = [];
  for (let current = 1; all.length < STAFF_LIMIT; current++) {
    const page = await call(cardEndpoints.staff, { pageSize: MAX_PAGE_SIZE, current }, { silent: true });
    all.push(...page.list);
    if (page.list.length < MAX_PAGE_SIZE || all.length >= page.total) break;
  }
  return all;
}

/** Everyone of the subtree (for pickers and the map), reloaded on demand. */
export function useStaffList(refreshMs = 0) {
  const [staff, setStaff] = useState<Staff[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => allStaff().then(setStaff, () => {}).finally(() => setLoading(false)), []);
  useEffect(() => {
    void reload();
    if (!refreshMs) return;
    const timer = setInterval(() => void reload(), refreshMs);
    return () => clearInterval(timer);
  }, [reload, refreshMs]);
  return { staff, loading, reload };
}

export function useTeams() {
  const [teams, setTeams] = useState<CardTeam[]>([]);
  const reload = useCallback(() => call(cardEndpoints.teams).then(setTeams, () => {}), []);
  useEffect(() => void reload(), [reload]);
  return { teams, setTeams, reload };
}

export function useShifts() {
  const [shifts, setShifts] = useState<CardShift[]>([]);
  const reload = useCallback(() => call(cardEndpoints.shifts).then(setShifts, () => {}), []);
  useEffect(() => void reload(), [reload]);
  return { shifts, reload };
}

/** Today in Beijing as YYYY-MM-DD. */
export const beijingToday = () => beijingDate(Date.now());
export const beijingTime = (ms: number | null) => (ms === null ? '—' : beijingFormat(ms));
export const beijingClock = (ms: number | null) => (ms === null ? '—' : beijingFormat(ms, 'HH:mm'));
