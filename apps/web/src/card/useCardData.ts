import { useCallback, useEffect, useState } from 'react';
import { MAX_PAGE_SIZE, cardEndpoints, type CardShift, type CardTeam, type Staff } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';

/** Everyone of the subtree (for pickers and the map), reloaded on demand. */
export function useStaffList(refreshMs = 0) {
  const [staff, setStaff] = useState<Staff[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(
    () => call(cardEndpoints.staff, { pageSize: MAX_PAGE_SIZE }, { silent: true }).then((p) => setStaff(p.list), () => {}).finally(() => setLoading(false)),
    [],
  );
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
export const beijingToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
export const beijingTime = (ms: number | null) => (ms === null ? '—' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '));
export const beijingClock = (ms: number | null) => (ms === null ? '—' : new Date(ms + 8 * 3600_000).toISOString().slice(11, 16));
