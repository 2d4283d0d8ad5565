/**
 * A fleet of simulated terminals: the plan (which protocol, identifier, city and plate each one
 * has, all from one seed) and the running set, started at a steady connection rate and summed
 * up for status lines.
 */
import { codecs, type ProtocolName } from '@chelian/protocols';
import { CITIES, type City } from './cities.ts';
import { StreetDriver, type DriverOptions } from './driver.ts';
import { Gt06Terminal } from './gt06Terminal.ts';
import { H02Terminal } from './h02Terminal.ts';
import { EbikeTerminal, type EbikeOptions } from './ebikeTerminal.ts';
import { Jt808Terminal } from './jt808Terminal.ts';
import { RouteWalker, type RoutePoint } from './routeWalker.ts';
import { WatchTerminal, type WatchOptions } from './watchTerminal.ts';
import { PetCollar, type PetCollarOptions } from './petCollar.ts';
import { PetWalker, type PetOptions } from './petWalker.ts';
import { Rng, seedFor } from './random.ts';
import type { ConnectionOptions, SimTerminal, TerminalSpec } from './terminal.ts';
import { SimVehicle, type VehicleOptions } from './vehicle.ts';

/** 'ebike': GT06 e-bike trackers (ebikeTerminal.ts). */
export type ProtocolChoice = ProtocolName | 'mixed' | 'ebike';

export interface PlanOptions {
  count: number;
  protocol: ProtocolChoice;
  /** Cities to spread over (round robin). Default: all. */
  cities?: readonly City[];
  seed: number;
  /** Two digits inside every identifier, so runs with different blocks never share terminals. Default seed % 100. */
  idBlock?: number;
}

const PROTOCOL_ORDER: readonly ProtocolName[] = ['jt808', 'gt06', 'h02'];

/** The identifier a terminal of this protocol sends: a 12-digit JT/T 808 phone, a 10-digit watch id (9…), else a 15-digit IMEI (e-bikes: 863…). */
export function terminalIdentifier(protocol: ProtocolName, block: number, index: number, kind: TerminalSpec['kind'] = 'vehicle'): string {
  const b = String(block % 100).padStart(2, '0');
  if (protocol === 'jt808') return `014${b}${String(index).padStart(7, '0')}`;
  if (protocol === 'watch') return `9${b}${String(index).padStart(7, '0')}`;
  const body = `86${kind === 'ebike' ? 3 : protocol === 'gt06' ? 1 : 2}${b}${String(index).padStart(9, '0')}`;
  return body + luhn(body);
}

/** IMEI check digit. */
function luhn(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A plate of the city, e.g. 粤B36254; distinct for the first 90 000 indices of a seed. */
export function plateFor(city: City, index: number, seed: number): string {
  return `${city.platePrefix}${10000 + ((index * 7919 + seed * 104729) % 90000)}`;
}

export function planTerminals(o: PlanOptions): TerminalSpec[] {
  const cities = o.cities?.length ? o.cities : CITIES;
  const block = o.idBlock ?? o.seed % 100;
  return Array.from({ length: o.count }, (_, i) => {
    const kind = o.protocol === 'ebike' ? 'ebike' : 'vehicle';
    const protocol = o.protocol === 'mixed' ? PROTOCOL_ORDER[i % 3] : o.protocol === 'ebike' ? 'gt06' : o.protocol;
    const city = cities[i % cities.length];
    return {
      protocol,
      kind,
      id: terminalIdentifier(protocol, block, i + 1, kind),
      city,
      seed: seedFor(o.seed, i),
      plate: plateFor(city, i, o.seed),
    };
  });
}

export interface FleetOptions extends Omit<ConnectionOptions, 'port' | 'localAddress'>, VehicleOptions {
  ports: Partial<Record<ProtocolName, number>>;
  driver?: Partial<Omit<DriverOptions, 'city' | 'rng'>>;
  /** Connections opened per second while starting. Default 500. */
  connectRate?: number;
  /**
   * Past this many terminals, loopback clients bind to 127.0.0.2, .3, … (a gateway takes at most
   * MAX_CONNECTIONS_PER_ADDRESS, 2 000 by default, from one address). Default 2 000.
   */
  perSourceAddress?: number;
  /** The last byte of the first loopback source address (default 1: 127.0.0.1); several client processes take disjoint ranges. */
  sourceAddressStart?: number;
  /** E-bikes' pack, BMS interval and guard (specs of kind 'ebike'). */
  ebike?: EbikeOptions;
  /** Watch-protocol wearers (badges, watches, collars): battery, indoor share, and a route to walk instead of the street grid. */
  watch?: WatchOptions & { route?: readonly RoutePoint[]; walkKmh?: number };
  /** Watch-protocol terminals are pet collars (petCollar.ts): pets roaming around home, resting, sleeping at night. */
  pet?: PetOptions & PetCollarOptions;
}

/** E-bikes ride at 12–25 km/h (GB 17761 caps them at 25), and park longer. */
export const EBIKE_DRIVER: Partial<DriverOptions> = { cruiseKmh: [12, 25], tripMeters: [1_000, 6_000], radiusMeters: 4_000 };
/** People wearing a badge or watch walk 3–6 km/h, a few hundred metres at a time, near where they work. */
export const WALKER: Partial<DriverOptions> = {
  cruiseKmh: [3, 6],
  tripMeters: [200, 1_500],
  radiusMeters: 800,
  blockMeters: 120,
  parkSeconds: [60, 600],
  overspeedChance: 0,
};

const TERMINAL_CLASSES = { jt808: Jt808Terminal, gt06: Gt06Terminal, h02: H02Terminal, watch: WatchTerminal } as const;

export function createTerminal(spec: TerminalSpec, opts: FleetOptions, localAddress?: string): SimTerminal {
  const port = opts.ports[spec.protocol];
  if (port === undefined) throw new Error(`no port for ${spec.protocol}`);
  const rng = new Rng(spec.seed);
  const ebike = spec.kind === 'ebike';
  if (spec.protocol === 'watch' && opts.pet) {
    const pet = new PetWalker({ city: spec.city, rng: rng.fork(1) }, opts.pet);
    // No random SOS presses: most collars have no button (tests raise one with raise('sos')).
    const animal = new SimVehicle(pet, rng.fork(2), { ...opts, alarmRate: 0, overspeedKmh: 1000 });
    // At rest or asleep a collar sends LK heartbeats and a position every half hour; it reports at once when the pet gets up.
    const sleepIntervalSeconds = opts.sleepIntervalSeconds ?? 1800;
    return new PetCollar(spec, animal, codecs.watch, {
      ...opts,
      sleepIntervalSeconds,
      port,
      localAddress,
      watch: opts.watch,
      collar: opts.pet,
    });
  }
  if (spec.protocol === 'watch') {
    const base = { ...WALKER, ...opts.driver, city: spec.city, rng: rng.fork(1) };
    const route = opts.watch?.route;
    const walker = route?.length ? new RouteWalker(base, route, opts.watch?.walkKmh) : new StreetDriver(base);
    const person = new SimVehicle(walker, rng.fork(2), { ...opts, overspeedKmh: opts.overspeedKmh ?? 1000 });
    // A watch that has not moved for a while sleeps: LK heartbeats only, until it moves again (then it reports at once).
    const sleepIntervalSeconds = opts.sleepIntervalSeconds ?? 3600;
    return new WatchTerminal(spec, person, codecs.watch, { ...opts, sleepIntervalSeconds, port, localAddress, watch: opts.watch });
  }
  const driver = new StreetDriver({ ...(ebike ? EBIKE_DRIVER : {}), ...opts.driver, city: spec.city, rng: rng.fork(1) });
  const vehicle = new SimVehicle(driver, rng.fork(2), ebike ? { ...opts, overspeedKmh: opts.overspeedKmh ?? 25 } : opts);
  if (ebike) return new EbikeTerminal(spec, vehicle, codecs.gt06, { ...opts, port, localAddress });
  return new TERMINAL_CLASSES[spec.protocol](spec, vehicle, codecs[spec.protocol], { ...opts, port, localAddress });
}

export interface FleetTotals {
  count: number;
  online: number;
  sent: number;
  acked: number;
  pending: number;
  backlog: number;
  connects: number;
  reconnects: number;
  commands: number;
  dropped: number;
}

export class Fleet {
  readonly terminals: SimTerminal[];
  private stopped = false;

  constructor(
    specs: readonly TerminalSpec[],
    private readonly opts: FleetOptions,
  ) {
    const perAddress = opts.perSourceAddress ?? 2000;
    const first = opts.sourceAddressStart ?? 1;
    const spread = (specs.length > perAddress || first !== 1) && /^127\./.test(opts.host);
    this.terminals = specs.map((spec, i) =>
      createTerminal(spec, opts, spread ? `127.0.0.${first + Math.floor(i / perAddress)}` : undefined),
    );
  }

  /** Starts every terminal, `connectRate` per second; resolves when all have been started. */
  async start() {
    const rate = this.opts.connectRate ?? 500;
    const perTick = Math.max(1, Math.round(rate / 10));
    for (let i = 0; i < this.terminals.length && !this.stopped; i++) {
      this.terminals[i].start();
      if ((i + 1) % perTick === 0) await new Promise((r) => setTimeout(r, 100));
    }
  }

  stop() {
    this.stopped = true;
    for (const t of this.terminals) t.stop();
  }

  byId(id: string): SimTerminal | undefined {
    return this.terminals.find((t) => t.id === id);
  }

  totals(): FleetTotals {
    const sum: FleetTotals = {
      count: this.terminals.length,
      online: 0,
      sent: 0,
      acked: 0,
      pending: 0,
      backlog: 0,
      connects: 0,
      reconnects: 0,
      commands: 0,
      dropped: 0,
    };
    for (const t of this.terminals) {
      if (t.state === 'online') sum.online++;
      const d = t.delivery;
      sum.sent += d.sent;
      sum.acked += d.acked;
      sum.pending += d.pendingCount;
      sum.backlog += d.backlogSize;
      sum.dropped += d.dropped;
      sum.connects += t.stats.connects;
      sum.reconnects += Math.max(0, t.stats.connects - 1);
      sum.commands += t.stats.commands;
    }
    return sum;
  }
}

/** One Chinese status line. */
export function statusLine(t: FleetTotals): string {
  return `模拟终端 ${t.count} 台：在线 ${t.online}，已发送定位 ${t.sent}，已确认 ${t.acked}，待确认 ${t.pending}，离线积压 ${t.backlog}，重连 ${t.reconnects}，收到指令 ${t.commands}`;
}
