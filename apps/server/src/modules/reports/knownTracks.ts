/**
 * A known day for the report figures (knownTracks.gateway.test.ts): straight legs north along a
 * meridian, so every distance is exact — R·Δφ on the sphere — with stops, a traffic light, an
 * overspeed leg, ACC switches, a drive across Beijing midnight, GPS drift while parked and
 * invalid fixes. The figures the reports must give are worked out here from the construction,
 * by hand (in the comments) and in closed form, never with the server's SQL or helpers.
 */

/** The sphere's radius packages/geo uses (the IUGG mean radius); the test checks it is still so. */
export const SPHERE_RADIUS_M = 6_371_008.8;
/**
 * Latitudes are whole multiples of 5·10⁻⁶°, exact in both wires: JT/T 808 carries 10⁻⁶°, GT06
 * 1/1 800 000° (5·10⁻⁶° = 9 of those). What is stored is then what was built.
 */
const UNITS_PER_DEGREE = 200_000;
const START_UNITS = 22.5 * UNITS_PER_DEGREE;
/** A leg's step: 180 units (0.0009°, 100.08 m) every 10 s at 36 km/h, 600 units (333.6 m) at 120 km/h. */
const STEP = 180;
const FAST_STEP = 600;

/** Metres along the meridian for a number of grid units: R·Δφ, exactly the great circle. */
export const unitsToKm = (units: number) => (SPHERE_RADIUS_M * ((units / UNITS_PER_DEGREE) * Math.PI)) / 180 / 1000;

export interface KnownFix {
  time: number;
  lat: number;
  lon: number;
  speed: number;
  valid: boolean;
  acc: boolean;
}

/** Beijing wall-clock time → epoch ms. */
export const bj = (day: string, hhmmss: string) => Date.parse(`${day}T${hhmmss}+08:00`);

/**
 * The day D (and the first minutes of D+1) of one vehicle driving along longitude `lon`.
 * Every drive's first fix is one step from where the vehicle stood (it is seen moving already), and
 * a stop's first fix is where the drive's last one was (it arrived).
 *
 *   07:30:00–07:59:30  parked, ACC off, a fix every 30 s drifting up to ±30 units (±17 m) with speed 0
 *   08:00:00–08:09:50  60 fixes at 36 km/h, ACC on                      60 × 180 units
 *   08:10:00–08:10:20  a traffic light: 3 fixes at 0 km/h (30 s, no stay)
 *   08:10:30–08:19:50  57 fixes at 36 km/h                               57 × 180
 *   08:20:00–08:34:30  stop of 15 min (30 fixes, drifting); ACC off at 08:21:00, on at 08:34:30
 *   08:35:00–08:39:50  30 fixes at 36 km/h                               30 × 180
 *   08:40:00–08:42:00  13 fixes at 120 km/h (over the default 100)       13 × 600
 *   08:42:10–08:49:50  47 fixes at 36 km/h                               47 × 180
 *   08:50:00–09:09:30  stop (40 fixes, drifting), ACC off at 08:50:30; then silent until
 *   23:50:00–00:09:50  120 fixes at 36 km/h, ACC on, across midnight    120 × 180 (the 23:59:50 → 00:00:00 step in neither day)
 *   00:10:00–00:19:30  parked (20 fixes), ACC off at 00:10:30, still parked at the end (open)
 * plus three invalid reports (08:05:05, 08:25:05, 08:44:05: 1° north, 180 km/h).
 */
export function knownDay(day: string, next: string, lon: number): KnownFix[] {
  const out: KnownFix[] = [];
  let units = START_UNITS;
  let seed = 1;
  const jitter = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) % 61) - 30;
  const push = (time: number, u: number, speed: number, acc: boolean, lonOffsetUnits = 0) =>
    out.push({
      time,
      lat: u / UNITS_PER_DEGREE,
      lon: (Math.round(lon * UNITS_PER_DEGREE) + lonOffsetUnits) / UNITS_PER_DEGREE,
      speed,
      valid: true,
      acc,
    });
  const drive = (d: string, from: string, n: number, speed: number, step: number) => {
    for (let k = 1; k <= n; k++) push(bj(d, from) + (k - 1) * 10_000, (units += step), speed, true);
  };
  /** `n` fixes at speed 0; the first and last exactly where the vehicle stands, the others drifting; ACC by index. */
  const park = (d: string, from: string, n: number, every: number, acc: (i: number) => boolean, drift = true) => {
    for (let i = 0; i < n; i++) {
      const moved = drift && i > 0 && i < n - 1;
      push(bj(d, from) + i * every * 1000, units + (moved ? jitter() : 0), 0, acc(i), moved ? jitter() : 0);
    }
  };
  park(day, '07:30:00', 60, 30, () => false);
  drive(day, '08:00:00', 60, 36, STEP);
  park(day, '08:10:00', 3, 10, () => true, false);
  drive(day, '08:10:30', 57, 36, STEP);
  park(day, '08:20:00', 30, 30, (i) => i < 2 || i === 29);
  drive(day, '08:35:00', 30, 36, STEP);
  drive(day, '08:40:00', 13, 120, FAST_STEP);
  drive(day, '08:42:10', 47, 36, STEP);
  park(day, '08:50:00', 40, 30, (i) => i === 0);
  drive(day, '23:50:00', 120, 36, STEP);
  park(next, '00:10:00', 20, 30, (i) => i === 0);
  for (const [at, acc] of [
    ['08:05:05', true],
    ['08:25:05', false],
    ['08:44:05', true],
  ] as const) {
    out.push({ time: bj(day, at), lat: 23.5, lon, speed: 180, valid: false, acc });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** The figures of D and D+1 worked out from the construction above (not from the fixes). */
export function knownFigures(day: string, next: string) {
  const km = (units: number) => unitsToKm(units);
  return {
    [day]: {
      // (60 + 57 + 30 + 47) × 180 + 13 × 600 + the 60 fixes before midnight × 180; drift adds nothing.
      km: km((60 + 57 + 30 + 47 + 60) * STEP + 13 * FAST_STEP),
      // Each moving fix is followed by another 10 s later; before midnight 59 steps of the last drive.
      drivingSeconds: (60 + 57 + 30 + 13 + 47) * 10 + 59 * 10,
      maxSpeed: 120,
      // 60 + 3 + 30 + 40 parked, 60 + 57 + 30 + 13 + 47 + 60 driving, 3 invalid.
      positionCount: 133 + 267 + 3,
      validFixes: 400,
      // From the stop's first fix until the vehicle is next seen moving.
      stays: [
        { startAt: bj(day, '07:30:00'), endAt: bj(day, '08:00:00'), seconds: 1800, open: false },
        { startAt: bj(day, '08:20:00'), endAt: bj(day, '08:35:00'), seconds: 900, open: false },
        { startAt: bj(day, '08:50:00'), endAt: bj(day, '23:50:00'), seconds: 54_000, open: false },
      ],
      // Between stops of at least 5 minutes (the light stays inside the first); the last runs to the day's last fix.
      trips: [
        { startAt: bj(day, '08:00:00'), endAt: bj(day, '08:20:00'), seconds: 1200, km: km((60 + 57) * STEP), maxSpeed: 36 },
        {
          startAt: bj(day, '08:35:00'),
          endAt: bj(day, '08:50:00'),
          seconds: 900,
          km: km((30 + 47) * STEP + 13 * FAST_STEP),
          maxSpeed: 120,
        },
        { startAt: bj(day, '23:50:00'), endAt: bj(day, '23:59:50'), seconds: 590, km: km(60 * STEP), maxSpeed: 36 },
      ],
      overspeed: [
        {
          startAt: bj(day, '08:40:00'),
          endAt: bj(day, '08:42:00'),
          seconds: 120,
          points: 13,
          maxSpeed: 120,
          limitKmh: 100,
          limitSource: 'default',
        },
      ],
      acc: [
        { acc: false, startAt: bj(day, '07:30:00'), endAt: bj(day, '08:00:00'), seconds: 1800, open: false },
        { acc: true, startAt: bj(day, '08:00:00'), endAt: bj(day, '08:21:00'), seconds: 1260, open: false },
        { acc: false, startAt: bj(day, '08:21:00'), endAt: bj(day, '08:34:30'), seconds: 810, open: false },
        { acc: true, startAt: bj(day, '08:34:30'), endAt: bj(day, '08:50:30'), seconds: 960, open: false },
        { acc: false, startAt: bj(day, '08:50:30'), endAt: bj(day, '23:50:00'), seconds: 53_970, open: false },
        { acc: true, startAt: bj(day, '23:50:00'), endAt: bj(next, '00:00:00'), seconds: 600, open: false },
      ],
    },
    [next]: {
      // 00:00:00–00:09:50: 59 steps, and the step into the stop is where the last fix was.
      km: km(59 * STEP),
      drivingSeconds: 60 * 10,
      maxSpeed: 36,
      positionCount: 60 + 20,
      validFixes: 80,
      stays: [{ startAt: bj(next, '00:10:00'), endAt: bj(next, '00:19:30'), seconds: 570, open: true }],
      // From the day's first fix; none after the open stop (the vehicle still stands there).
      trips: [{ startAt: bj(next, '00:00:00'), endAt: bj(next, '00:10:00'), seconds: 600, km: km(59 * STEP), maxSpeed: 36 }],
      overspeed: [],
      acc: [
        { acc: true, startAt: bj(next, '00:00:00'), endAt: bj(next, '00:10:30'), seconds: 630, open: false },
        { acc: false, startAt: bj(next, '00:10:30'), endAt: bj(next, '00:19:30'), seconds: 540, open: true },
      ],
    },
  };
}

/** Haversine on the sphere of SPHERE_RADIUS_M, written here so the test does not lean on packages/geo. */
export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return (2 * SPHERE_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))) / 1000;
}
