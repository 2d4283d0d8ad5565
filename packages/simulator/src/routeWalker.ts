/**
 * Someone walking a fixed route (a patrol round, a dog's walk): along the given points at a
 * steady pace, back to the first point at the end, round and round. Stands in for the street
 * driver under a simulated terminal; `speedOverrideKmh` 0 makes the walker stand still.
 */
import { StreetDriver, type DriverFix, type DriverOptions } from './driver.ts';

export interface RoutePoint {
  lat: number;
  lon: number;
}

const METERS_PER_DEGREE = 111_320;

export class RouteWalker extends StreetDriver {
  private readonly legs: { from: RoutePoint; to: RoutePoint; metres: number; course: number }[];
  private readonly loopMetres: number;
  private walked = 0;
  private pace: number;
  private still = false;

  constructor(opts: DriverOptions, route: readonly RoutePoint[], walkKmh = 4.5) {
    super({ ...opts, startParked: false });
    if (route.length === 0) throw new Error('a route needs at least one point');
    const points = route.length === 1 ? [route[0], route[0]] : [...route, route[0]];
    this.legs = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const from = points[i];
      const to = points[i + 1];
      const dy = (to.lat - from.lat) * METERS_PER_DEGREE;
      const dx = (to.lon - from.lon) * METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180);
      const course = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
      this.legs.push({ from, to, metres: Math.hypot(dx, dy), course });
    }
    this.loopMetres = this.legs.reduce((s, l) => s + l.metres, 0);
    this.pace = walkKmh / 3.6;
    this.phase = 'driving';
  }

  override get speedOverrideKmh(): number | null {
    return this.still ? 0 : null;
  }

  override set speedOverrideKmh(kmh: number | null) {
    this.still = kmh === 0;
    if (kmh !== null && kmh > 0) this.pace = kmh / 3.6;
  }

  override get speedKmh(): number {
    return this.still || this.loopMetres === 0 ? 0 : this.pace * 3.6;
  }

  override step(seconds: number): void {
    if (!this.still && this.loopMetres > 0) this.walked += this.pace * seconds;
  }

  override fix(): DriverFix {
    let d = this.loopMetres > 0 ? this.walked % this.loopMetres : 0;
    let leg = this.legs[0];
    for (const l of this.legs) {
      leg = l;
      if (d <= l.metres) break;
      d -= l.metres;
    }
    const f = leg.metres > 0 ? Math.min(1, d / leg.metres) : 0;
    return {
      lat: leg.from.lat + (leg.to.lat - leg.from.lat) * f,
      lon: leg.from.lon + (leg.to.lon - leg.from.lon) * f,
      speedKmh: Math.round(this.speedKmh * 10) / 10,
      course: Math.round(leg.course),
      acc: true,
      mileageKm: Math.round(this.walked) / 1000,
    };
  }
}
