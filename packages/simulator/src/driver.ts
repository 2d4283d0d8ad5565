/**
 * A driver on a synthetic street grid around a city centre: starts the engine (ACC on), drives a
 * trip of a few kilometres along north–south and east–west streets, accelerates and brakes like
 * a car, cruises 20–80 km/h (now and then well over the limit), slows for turns, waits at red
 * lights, then parks with ACC off for a while. Pure simulation: the caller advances its clock.
 */
import type { City } from './cities.ts';
import type { Rng } from './random.ts';

export interface DriverOptions {
  city: City;
  rng: Rng;
  /** Distance between parallel streets. Default 250–500 m, per driver. */
  blockMeters?: number;
  /** The driver turns back towards the centre beyond this distance. Default 6 km. */
  radiusMeters?: number;
  /** Parking time range in seconds. Default 2–15 min. */
  parkSeconds?: [number, number];
  /** Trip length range in metres. Default 2–12 km. */
  tripMeters?: [number, number];
  /** Chance that a segment of an arterial road is driven well over the limit. Default 0.08. */
  overspeedChance?: number;
  /** Cruising speeds, km/h, on every street (an e-bike: [12, 25]); speeders go 10–30 % above the top. Default: cars. */
  cruiseKmh?: [number, number];
  startParked?: boolean;
}

export interface DriverFix {
  lat: number;
  lon: number;
  speedKmh: number;
  /** Degrees clockwise from north. */
  course: number;
  acc: boolean;
  mileageKm: number;
}

export type DriverPhase = 'parked' | 'starting' | 'driving' | 'redLight';

type Action = 'straight' | 'left' | 'right';

const HEADINGS: ReadonlyArray<readonly [dx: number, dy: number]> = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
]; // N E S W
const ACCEL = 1.8; // m/s², a calm driver
const BRAKE = 2.5; // m/s², planned braking
const HARD_BRAKE = 6; // m/s², when the engine is cut or a plan changes
const TURN_SPEED = 5; // m/s (18 km/h) through a turn
const CREEP_SPEED = 1.5; // m/s
const LANE_OFFSET = 4; // metres right of the centre line
const METERS_PER_DEGREE = 111_320;

export class StreetDriver {
  phase: DriverPhase;
  /** Engine cut by a command: the car brakes to a stop and stays there. */
  immobilized = false;
  private override: number | null = null;
  private clock = 0;
  private until = 0;
  private x = 0; // metres east of the centre
  private y = 0; // metres north of the centre
  private heading: number;
  private speed = 0; // m/s
  private cruise = 0; // m/s
  private plan: { action: Action; lightSeconds: number } = { action: 'straight', lightSeconds: 0 };
  private tripLeft = 0;
  private mileage = 0; // metres
  private readonly block: number;
  private readonly radius: number;
  private readonly cosLat: number;

  constructor(private readonly opts: DriverOptions) {
    const rng = opts.rng;
    this.block = opts.blockMeters ?? Math.round(rng.range(250, 500));
    this.radius = opts.radiusMeters ?? 6000;
    this.cosLat = Math.cos((opts.city.lat * Math.PI) / 180);
    const reach = Math.floor((this.radius * 0.6) / this.block);
    this.x = rng.int(-reach, reach) * this.block;
    this.y = rng.int(-reach, reach) * this.block;
    this.heading = rng.int(0, 3);
    this.mileage = rng.range(5_000, 200_000) * 1000; // a used car
    const parked = opts.startParked ?? rng.chance(0.3);
    this.phase = parked ? 'parked' : 'driving';
    if (parked) this.until = rng.range(0, this.parkRange()[1]);
    else this.newTrip();
  }

  /**
   * Tests steer the speed: set, the driver rides on at this speed (0 = stops where it is, stays
   * stopped), ignoring parking, lights and trip ends; null gives the driver back its own plan.
   */
  get speedOverrideKmh(): number | null {
    return this.override;
  }

  set speedOverrideKmh(kmh: number | null) {
    const released = this.override !== null && kmh === null;
    this.override = kmh === null ? null : Math.max(0, kmh);
    if (!released || this.phase === 'parked') return;
    // Stopped mid-street by the test: not at a light, so no intersection to snap to.
    this.phase = 'driving';
    this.newTrip();
  }

  get speedKmh(): number {
    return this.speed * 3.6;
  }

  /** Advances the simulation by `seconds` (in steps of at most one second). */
  step(seconds: number): void {
    let left = seconds;
    while (left > 1e-9) {
      const dt = Math.min(1, left);
      this.stepOnce(dt);
      left -= dt;
    }
  }

  fix(): DriverFix {
    const [dx, dy] = HEADINGS[this.heading];
    // Keep to the right-hand lane: right of (dx, dy) is (dy, -dx).
    const x = this.x + dy * LANE_OFFSET;
    const y = this.y - dx * LANE_OFFSET;
    return {
      lat: this.opts.city.lat + y / METERS_PER_DEGREE,
      lon: this.opts.city.lon + x / (METERS_PER_DEGREE * this.cosLat),
      speedKmh: Math.round(this.speedKmh * 10) / 10,
      course: this.heading * 90,
      acc: this.phase !== 'parked',
      mileageKm: Math.round(this.mileage / 100) / 10,
    };
  }

  private parkRange(): [number, number] {
    return this.opts.parkSeconds ?? [120, 900];
  }

  private stepOnce(dt: number) {
    this.clock += dt;
    if (this.override !== null) return this.steered(dt, this.override / 3.6);
    switch (this.phase) {
      case 'parked':
        this.speed = 0;
        if (this.clock >= this.until && !this.immobilized) {
          this.phase = 'starting';
          this.until = this.clock + this.opts.rng.range(5, 20); // engine idles before moving off
        }
        return;
      case 'starting':
        if (this.clock >= this.until && !this.immobilized) {
          this.phase = 'driving';
          this.newTrip();
        }
        return;
      case 'redLight':
        this.speed = 0;
        if (this.clock >= this.until) {
          this.phase = 'driving';
          this.passIntersection();
        }
        return;
      case 'driving':
        this.drive(dt);
    }
  }

  /** A steered step: towards the given speed, turning back at the edge of the area. */
  private steered(dt: number, target: number) {
    if (this.immobilized) target = 0;
    this.speed = this.speed < target ? Math.min(target, this.speed + ACCEL * dt) : Math.max(target, this.speed - HARD_BRAKE * dt);
    this.phase = this.speed > 0 || target > 0 ? 'driving' : this.phase === 'driving' ? 'redLight' : this.phase;
    this.until = this.clock;
    const d = this.distanceToIntersection();
    const travel = this.speed * dt;
    if (travel < d) return this.move(travel);
    this.move(d);
    this.plan = { action: 'straight', lightSeconds: 0 };
    const [dx, dy] = HEADINGS[this.heading];
    if (Math.hypot(this.x + dx * this.block, this.y + dy * this.block) > this.radius * 0.85) this.plan.action = 'right';
    this.passIntersection();
  }

  private newTrip() {
    const [min, max] = this.opts.tripMeters ?? [2_000, 12_000];
    this.tripLeft = this.opts.rng.range(min, max);
    this.planSegment();
  }

  /** Metres to the next intersection ahead. */
  private distanceToIntersection(): number {
    const [dx, dy] = HEADINGS[this.heading];
    const along = dx !== 0 ? this.x * dx : this.y * dy;
    const next = (Math.floor(along / this.block + 1e-6) + 1) * this.block;
    return next - along;
  }

  private drive(dt: number) {
    const d = this.distanceToIntersection();
    const parksFirst = this.tripLeft < d;
    const stopDistance = parksFirst ? this.tripLeft : d;
    const endSpeed = parksFirst || this.plan.lightSeconds > 0 ? 0 : this.plan.action === 'straight' ? this.cruise : TURN_SPEED;
    // Creep the last metres at walking pace so the car does arrive at its stop line.
    const allowed = Math.max(CREEP_SPEED, Math.sqrt(endSpeed * endSpeed + 2 * BRAKE * stopDistance));
    const target = this.immobilized ? 0 : Math.min(this.cruise, allowed);
    if (this.speed < target) this.speed = Math.min(target, this.speed + ACCEL * dt);
    else this.speed = Math.max(target, this.speed - (this.immobilized ? HARD_BRAKE : BRAKE * 2) * dt);
    const travel = this.speed * dt;
    if (travel < stopDistance) return this.move(travel);
    this.move(stopDistance);
    if (parksFirst) return this.park();
    if (this.plan.lightSeconds > 0) {
      this.speed = 0;
      this.phase = 'redLight';
      this.until = this.clock + this.plan.lightSeconds;
      return;
    }
    this.passIntersection();
    this.move(Math.min(travel - stopDistance, this.block / 2));
  }

  private move(metres: number) {
    const [dx, dy] = HEADINGS[this.heading];
    this.x += dx * metres;
    this.y += dy * metres;
    this.mileage += metres;
    this.tripLeft -= metres;
  }

  private park() {
    const [min, max] = this.parkRange();
    this.speed = 0;
    this.phase = 'parked';
    this.until = this.clock + this.opts.rng.range(min, max);
  }

  private passIntersection() {
    // Snap to the grid so rounding never drifts the car off its street.
    this.x = Math.round(this.x / this.block) * this.block;
    this.y = Math.round(this.y / this.block) * this.block;
    if (this.plan.action === 'left') this.heading = (this.heading + 3) % 4;
    if (this.plan.action === 'right') this.heading = (this.heading + 1) % 4;
    if (this.plan.action !== 'straight') this.speed = Math.min(this.speed, TURN_SPEED);
    this.planSegment();
  }

  /** Decides the road ahead: its cruising speed and what happens at its far intersection. */
  private planSegment() {
    const rng = this.opts.rng;
    const [dx, dy] = HEADINGS[this.heading];
    // Every fourth street is an arterial road: faster, and where speeding happens.
    const line = Math.round((dx !== 0 ? this.y : this.x) / this.block);
    const arterial = line % 4 === 0;
    const cruise = this.opts.cruiseKmh;
    let kmh = cruise ? rng.range(cruise[0], cruise[1]) : arterial ? rng.range(50, 80) : rng.range(20, 50);
    const speeding = arterial && rng.chance(this.opts.overspeedChance ?? 0.08);
    if (speeding) kmh = cruise ? cruise[1] * rng.range(1.1, 1.3) : rng.range(92, 115);
    this.cruise = kmh / 3.6;

    const d = this.distanceToIntersection();
    const nx = this.x + dx * d;
    const ny = this.y + dy * d;
    // Arterial traffic mostly keeps to the arterial; a speeder does not stop for anything.
    let action: Action = rng.chance(speeding ? 1 : arterial ? 0.8 : 0.6) ? 'straight' : rng.chance(0.5) ? 'left' : 'right';
    const outward = nx * dx + ny * dy > 0;
    if (Math.hypot(nx, ny) > this.radius * 0.85 && outward) {
      // Leaving the area: turn to whichever side points back towards the centre.
      const [lx, ly] = HEADINGS[(this.heading + 3) % 4];
      const towardsLeft = -(nx * lx + ny * ly);
      action = towardsLeft > 0 ? 'left' : towardsLeft < 0 ? 'right' : rng.chance(0.5) ? 'left' : 'right';
    }
    this.plan = { action, lightSeconds: !speeding && rng.chance(0.3) ? rng.range(15, 60) : 0 };
  }
}
