/**
 * A pet wearing a collar: it lives around a home point, wandering from spot to spot inside a
 * home radius (a bounded random walk with sniffing pauses), now and then goes on an excursion
 * out of the radius and comes back, rests for spells during the day and sleeps through the
 * (Beijing) night where it lies. Its collar counts steps cumulatively from the last Beijing
 * midnight, as pet collars do, so the count drops back to 0 once a day.
 * Stands in for the street driver under a simulated watch terminal (petCollar.ts); pure
 * simulation: the caller advances its clock with step().
 */
import { StreetDriver, type DriverFix, type DriverOptions } from './driver.ts';
import type { Rng } from './random.ts';
import type { RoutePoint } from './routeWalker.ts';
import { BEIJING_OFFSET_MS, DAY_MS } from '@chelian/contracts/beijingTime.ts';

export interface PetOptions {
  /** Where the pet lives. Default: a point within 3 km of the city centre, per pet. */
  home?: RoutePoint;
  /** How far from home it roams on its own (a garden, a yard, the nearby lane). Default 40 m. */
  homeRadiusMeters?: number;
  /** Walking pace range, km/h. Default 2–5. */
  walkKmh?: [number, number];
  /** Pace on an excursion or running off, km/h. Default 9. */
  runKmh?: number;
  /** Excursions out of the home radius per active hour. Default 0.2. */
  excursionsPerHour?: number;
  /** How far an excursion goes, as multiples of the home radius. Default 2.5–6. */
  excursionReach?: [number, number];
  /** Metres per counted step. Default 0.4 (a medium dog). */
  strideMeters?: number;
  /** Beijing hours it sleeps: from the first to the second (across midnight). Default 22–6. */
  nightHours?: [number, number];
  /** Daytime spells awake and at rest, minutes. Defaults 10–40 and 20–90. */
  activeMinutes?: [number, number];
  restMinutes?: [number, number];
  /** The walker's clock at start, epoch ms (default now): it decides night and midnight. */
  startAt?: number;
  /** The collar's step count at start. Default 0 (just switched on). */
  steps?: number;
}

/** What the pet is doing: roaming, at rest (a few fidgeting steps), asleep (none). */
export type PetMode = 'active' | 'rest' | 'sleep';

/** A fix with the collar's step count at that moment. */
export interface PetFix extends DriverFix {
  steps: number;
}

const METERS_PER_DEGREE = 111_320;
/** Steps a resting pet still makes per minute (turning round, scratching). */
const FIDGET_STEPS_PER_MINUTE = 0.5;
/** An excursion ends this close to its target; a lost pet mills around within this of it. */
const ARRIVED_METERS = 2;
const LOST_MILL_METERS = 25;

const beijingDay = (ms: number) => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);
const beijingHour = (ms: number) => ((((ms + BEIJING_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000;

export class PetWalker extends StreetDriver {
  readonly home: RoutePoint;
  readonly homeRadius: number;
  /** Epoch ms of the walker's clock. */
  now: number;
  mode: PetMode = 'active';
  private readonly pet: PetOptions;
  private readonly rng: Rng;
  private readonly cosHome: number;
  private east = 0;
  private north = 0;
  private course = 0;
  private mps = 0;
  private target: [number, number] | null = null;
  private pauseLeft = 0;
  private modeUntil = 0;
  /** 'out' on an excursion (comes back by itself); 'lost' ran off on request (stays until comeHome). */
  private away: 'home' | 'out' | 'lost' = 'home';
  private lostAt: [number, number] = [0, 0];
  private held: PetMode | null = null;
  private walked = 0;
  private count: number;
  private day: number;

  constructor(opts: DriverOptions, pet: PetOptions = {}) {
    super({ ...opts, startParked: false });
    const rng = opts.rng;
    this.rng = rng;
    this.pet = pet;
    this.home = pet.home ?? {
      lat: opts.city.lat + rng.range(-3000, 3000) / METERS_PER_DEGREE,
      lon: opts.city.lon + rng.range(-3000, 3000) / (METERS_PER_DEGREE * Math.cos((opts.city.lat * Math.PI) / 180)),
    };
    this.homeRadius = pet.homeRadiusMeters ?? 40;
    this.cosHome = Math.cos((this.home.lat * Math.PI) / 180);
    this.now = pet.startAt ?? Date.now();
    this.day = beijingDay(this.now);
    this.count = pet.steps ?? 0;
    [this.east, this.north] = this.spotAtHome();
    this.phase = 'driving';
    this.enterMode(this.scheduledMode(), true);
  }

  /** The collar's count: whole steps since the last Beijing midnight (or since switched on). */
  get steps(): number {
    return Math.floor(this.count);
  }

  /** Metres from home. */
  get distanceFromHome(): number {
    return Math.hypot(this.east, this.north);
  }

  get lost(): boolean {
    return this.away === 'lost';
  }

  override get speedKmh(): number {
    return this.mps * 3.6;
  }

  override get speedOverrideKmh(): number | null {
    return null;
  }

  override set speedOverrideKmh(_kmh: number | null) {
    // A pet is steered with runOff / comeHome / hold, not by speed.
  }

  /** The pet runs off (the test's "it got out"): to `metres` from home, then stays around there until comeHome(). */
  runOff(metres: number, bearingDegrees = this.rng.range(0, 360)) {
    const b = (bearingDegrees * Math.PI) / 180;
    this.lostAt = [Math.sin(b) * metres, Math.cos(b) * metres];
    this.away = 'lost';
    this.target = this.lostAt;
    this.pauseLeft = 0;
    this.enterMode('active');
  }

  /** Found, or it finds its way: back inside the home radius. */
  comeHome() {
    this.away = 'out';
    this.target = this.spotAtHome();
    this.pauseLeft = 0;
  }

  /** Keeps the pet in one mode (tests, demos) until hold(null) gives it back its own day. */
  hold(mode: PetMode | null) {
    this.held = mode;
    this.enterMode(mode ?? this.scheduledMode());
  }

  /** Advances the simulation by `seconds`, in steps of at most one second. */
  override step(seconds: number): void {
    let left = seconds;
    while (left > 1e-9) {
      const dt = Math.min(1, left);
      this.stepPet(dt);
      left -= dt;
    }
  }

  override fix(): PetFix {
    return {
      lat: this.home.lat + this.north / METERS_PER_DEGREE,
      lon: this.home.lon + this.east / (METERS_PER_DEGREE * this.cosHome),
      speedKmh: Math.round(this.speedKmh * 10) / 10,
      course: Math.round(this.course) % 360,
      acc: this.phase !== 'parked',
      mileageKm: Math.round(this.walked) / 1000,
      steps: this.steps,
    };
  }

  private stepPet(dt: number) {
    this.now += dt * 1000;
    const day = beijingDay(this.now);
    if (day !== this.day) {
      this.day = day;
      this.count = 0; // the collar starts the day's count afresh
    }
    if (this.away === 'home' && this.now >= this.modeUntil) this.enterMode(this.held ?? this.scheduledMode());
    if (this.mode === 'sleep' || (this.mode === 'rest' && this.away === 'home')) {
      this.mps = 0;
      if (this.mode === 'rest') this.count += (FIDGET_STEPS_PER_MINUTE * dt) / 60;
      return;
    }
    this.roam(dt);
  }

  private roam(dt: number) {
    const rng = this.rng;
    if (this.pauseLeft > 0) {
      this.pauseLeft -= dt;
      this.mps = 0;
      return;
    }
    if (this.away === 'home' && rng.chance(((this.pet.excursionsPerHour ?? 0.2) * dt) / 3600)) {
      const [lo, hi] = this.pet.excursionReach ?? [2.5, 6];
      const b = rng.range(0, 2 * Math.PI);
      const reach = this.homeRadius * rng.range(lo, hi);
      this.away = 'out';
      this.target = [Math.sin(b) * reach, Math.cos(b) * reach];
    }
    this.target ??= this.spotAtHome();
    const [tx, ty] = this.target;
    const dx = tx - this.east;
    const dy = ty - this.north;
    const left = Math.hypot(dx, dy);
    const [slow, fast] = this.pet.walkKmh ?? [2, 5];
    const pace = this.away === 'home' ? rng.range(slow, fast) / 3.6 : (this.pet.runKmh ?? 9) / 3.6;
    const move = Math.min(left, pace * dt);
    if (left > 1e-6) {
      this.east += (dx / left) * move;
      this.north += (dy / left) * move;
      this.course = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
    }
    this.mps = dt > 0 ? move / dt : 0;
    this.walked += move;
    this.count += move / (this.pet.strideMeters ?? 0.4);
    if (left - move > ARRIVED_METERS) return;
    // Arrived: sniff a while, then choose where next.
    this.pauseLeft = rng.range(5, 40);
    if (this.away === 'lost') {
      const b = rng.range(0, 2 * Math.PI);
      const r = rng.range(0, LOST_MILL_METERS);
      this.target = [this.lostAt[0] + Math.sin(b) * r, this.lostAt[1] + Math.cos(b) * r];
    } else if (this.away === 'out' && this.distanceFromHome > this.homeRadius) {
      this.pauseLeft = rng.range(60, 300); // lingers at the far end, then heads home
      this.target = this.spotAtHome();
    } else {
      this.away = 'home';
      this.target = this.spotAtHome();
    }
  }

  /** A uniform point of the home disc. */
  private spotAtHome(): [number, number] {
    const rng = this.rng;
    const b = rng.range(0, 2 * Math.PI);
    const r = this.homeRadius * Math.sqrt(rng.next());
    return [Math.sin(b) * r, Math.cos(b) * r];
  }

  /** At night asleep; by day awake and at rest by turns. */
  private scheduledMode(): PetMode {
    const [from, to] = this.pet.nightHours ?? [22, 6];
    const h = beijingHour(this.now);
    const night = from > to ? h >= from || h < to : h >= from && h < to;
    if (night) return 'sleep';
    return this.mode === 'active' && this.modeUntil > 0 ? 'rest' : 'active'; // modeUntil 0: just made
  }

  private enterMode(mode: PetMode, first = false) {
    const rng = this.rng;
    this.mode = mode;
    // Asleep it lies where it is, even on its way home (held by a test or demo); at rest away from home it still walks back.
    this.phase = mode === 'active' || (mode === 'rest' && this.away !== 'home') ? 'driving' : 'parked';
    if (mode === 'sleep') {
      // Until the morning (or the next look at the clock, when held).
      const [, to] = this.pet.nightHours ?? [22, 6];
      const h = beijingHour(this.now);
      const hoursLeft = (to - h + 24) % 24 || 24;
      this.modeUntil = this.now + Math.min(hoursLeft, 12) * 3_600_000;
    } else {
      const [lo, hi] = mode === 'active' ? (this.pet.activeMinutes ?? [10, 40]) : (this.pet.restMinutes ?? [20, 90]);
      this.modeUntil = this.now + rng.range(first ? 0 : lo, hi) * 60_000;
    }
    if (mode !== 'active') this.mps = 0;
  }
}
