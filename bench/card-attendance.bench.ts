// 智能工牌 attendance: 5 000 staff over a month (30 days, two periods a day, 08:00–12:00 and
// 13:30–17:30), each person reporting once a minute from 07:00 to 18:30 (690 positions a day,
// ~104 million positions in all), "at post" = within a clock point's radius (haversine), computed by
// the same functions the API uses (modules/card/attendance.ts, staffDay.ts). Mixed behaviour: most
// days on time, some late, some leaving early, some absent (reporting from elsewhere). Positions are
// made one person-month at a time and only the computation is timed. Target (issue 18): < 2 s.
// Run: node --import tsx bench/card-attendance.bench.ts [--staff 5000] [--days 30] [--interval 60]
import os from 'node:os';
import { beijingMidnight } from '@chelian/contracts';
import { addDays } from '@chelian/contracts/beijingTime.ts';
import { attendanceOfDay, type ShiftRule } from '../apps/server/src/modules/card/attendance.ts';
import { atPostTest, type StaffTrack } from '../apps/server/src/modules/card/staffDay.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const STAFF = arg('staff', 5000);
const DAYS = arg('days', 30);
const INTERVAL_S = arg('interval', 60);

const rule: ShiftRule = {
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  holidays: new Set(),
  workdays: new Set(),
  periods: [
    { start: 8 * 60, end: 12 * 60 },
    { start: 13 * 60 + 30, end: 17 * 60 + 30 },
  ],
  lateMinutes: 5,
  earlyMinutes: 10,
};
const POST = { lat: 31.2304, lon: 121.4737 };
const clockPoints = [{ name: '岗亭', ...POST, radius: 100, beacon: '' }];
const firstDay = '2026-10-01';
const now = beijingMidnight(addDays(firstDay, DAYS + 1));

// Deterministic pseudo-random behaviour per person and day.
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

/** One person's month: arrival and departure vary; 3 % of days reported from elsewhere. */
function month(): StaffTrack {
  const t: StaffTrack = { times: [], lat: [], lon: [], beacon: [] };
  for (let d = 0; d < DAYS; d++) {
    const midnight = beijingMidnight(addDays(firstDay, d));
    const arrive = 7 * 60 + 40 + Math.floor(rand() * 40); // 07:40–08:20
    const leave = 17 * 60 + Math.floor(rand() * 60); // 17:00–18:00
    const away = rand() < 0.03;
    for (let s = 7 * 3600; s <= 18 * 3600 + 1800; s += INTERVAL_S) {
      const minute = s / 60;
      const atPost = !away && minute >= arrive && minute <= leave;
      t.times.push(midnight + s * 1000);
      t.lat.push(atPost ? POST.lat + (rand() - 0.5) * 0.0005 : POST.lat + 0.01);
      t.lon.push(POST.lon);
      t.beacon.push('');
    }
  }
  return t;
}

const counts: Record<string, number> = {};
let computeMs = 0;
let positions = 0;
for (let s = 0; s < STAFF; s++) {
  const track = month();
  positions += track.times.length;
  const atPost = atPostTest(track, clockPoints, []);
  const started = performance.now();
  for (let d = 0; d < DAYS; d++) {
    for (const r of attendanceOfDay(rule, addDays(firstDay, d), { times: track.times, atPost }, now))
      counts[r.status] = (counts[r.status] ?? 0) + 1;
  }
  computeMs += performance.now() - started;
}

console.log(
  JSON.stringify(
    {
      bench: 'card-attendance',
      staff: STAFF,
      days: DAYS,
      intervalSeconds: INTERVAL_S,
      positions,
      periods: Object.values(counts).reduce((a, b) => a + b, 0),
      statuses: counts,
      computeMs: Math.round(computeMs),
      target: '< 2000 ms',
      cpu: os.cpus()[0]?.model,
      node: process.version,
    },
    null,
    2,
  ),
);
