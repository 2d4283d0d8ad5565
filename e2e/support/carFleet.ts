import net from 'node:net';
import crypto from 'node:crypto';
import { encodeGt06Alarm, encodeGt06Location, encodeGt06Login } from '@chelian/protocols';
import { cityByName, createTerminal, type SimTerminal } from '@chelian/simulator';
import { e2eServer } from './e2eServer.ts';

export interface Envelope<T> {
  flag: number;
  msg: string;
  obj: T;
}

/** An API call with a session, as the web makes it (form bodies by default, JSON when asked). */
export async function api<T>(sessionId: string, path: string, body?: Record<string, unknown>, json = false): Promise<Envelope<T>> {
  const init: RequestInit = { headers: { sessionId } };
  if (body) {
    init.method = 'POST';
    init.body = json ? JSON.stringify(body) : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
    init.headers = { sessionId, 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' };
  }
  const res = await fetch(`${e2eServer().baseUrl}${path}`, init);
  return (await res.json()) as Envelope<T>;
}

/** A unique GT06 IMEI (15 digits) for this run. */
export const imei = (prefix: string) =>
  `${prefix}${crypto
    .randomInt(0, 10 ** (15 - prefix.length))
    .toString()
    .padStart(15 - prefix.length, '0')}`;

/** A plate unique for this run: 粤B + letter + 4 digits + 'S'. */
export const plate = () => `粤B${String.fromCharCode(65 + crypto.randomInt(0, 20))}${crypto.randomInt(1000, 9999)}S`;

export async function addVehicle(
  sessionId: string,
  terminalId: string,
  plateText = plate(),
): Promise<{ vehicleId: number; plate: string; terminalId: string }> {
  const res = await api<{ vehicleId: number }>(sessionId, '/car/v4/api/vehicle/add.json', {
    plate: plateText,
    terminalId,
    protocol: 'gt06',
  });
  if (res.flag !== 1) throw new Error(`vehicle add failed: ${res.msg}`);
  return { vehicleId: res.obj.vehicleId, plate: plateText, terminalId };
}

export interface Fix {
  lon: number;
  lat: number;
  speed?: number;
  course?: number;
  time?: number;
  /** ignition, on unless said */
  acc?: boolean;
}

/**
 * A GT06 terminal the test steers point by point (over real TCP, with the project's encoders):
 * for routes, fences and alarms whose outcome must be exact.
 */
export class SteeredTerminal {
  private socket: net.Socket | null = null;
  private serial = 1;
  constructor(readonly imei: string) {}

  async connect(port = e2eServer().gt06Port): Promise<void> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.on('data', () => undefined); // the server's acknowledgements
    this.socket = socket;
    socket.write(encodeGt06Login(this.imei, this.serial++));
    await pause(300);
  }

  async fix(f: Fix): Promise<void> {
    this.socket!.write(encodeGt06Location(this.input(f), this.serial++));
    await pause(120);
  }

  async alarm(f: Fix, type: 'sos' | 'powerCut' | 'overspeed' = 'sos'): Promise<void> {
    this.socket!.write(encodeGt06Alarm(this.input(f), type, {}, this.serial++));
    await pause(300);
  }

  close(): void {
    this.socket?.end();
  }

  private input(f: Fix) {
    return {
      time: f.time ?? Date.now(),
      lat: f.lat,
      lon: f.lon,
      valid: true,
      speedKmh: f.speed ?? 30,
      course: f.course ?? 90,
      satellites: 9,
      acc: f.acc ?? true,
    };
  }
}

/** Simulated GT06 terminals driving Shenzhen's streets (packages/simulator), reporting every `interval` s and answering commands. */
export function startSimulated(ids: string[], intervalSeconds = 2, onCommand?: (terminal: string, command: string) => void): SimTerminal[] {
  const city = cityByName('深圳')!;
  return ids.map((id, i) => {
    const t = createTerminal(
      { protocol: 'gt06', id, city, seed: 1000 + i },
      {
        host: '127.0.0.1',
        ports: { gt06: e2eServer().gt06Port },
        intervalSeconds,
        alarmRate: 0,
        driver: { startParked: false },
        onEvent: (e) => e.type === 'command' && onCommand?.(e.terminal, e.command),
      },
    );
    t.start();
    return t;
  });
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns a value (not undefined/false). */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
  stepMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await pause(stepMs);
  }
}
