// A plausible fleet written straight into a Chelian database (PostgreSQL), for benchmarks and
// for looking at the car pages before the simulator drives real terminals:
//   node --import tsx bench/support/seedFleet.ts --db postgres://…/db --vehicles 10000 [--track-days 30] [--account 1]
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { rng } from './rng.ts';

export { rng };

export const CITIES = [
  { name: '深圳', plate: '粤B', lon: 114.06, lat: 22.55 },
  { name: '广州', plate: '粤A', lon: 113.27, lat: 23.13 },
  { name: '北京', plate: '京A', lon: 116.4, lat: 39.91 },
  { name: '上海', plate: '沪A', lon: 121.47, lat: 31.23 },
  { name: '成都', plate: '川A', lon: 104.07, lat: 30.67 },
  { name: '杭州', plate: '浙A', lon: 120.16, lat: 30.27 },
  { name: '武汉', plate: '鄂A', lon: 114.3, lat: 30.59 },
  { name: '西安', plate: '陕A', lon: 108.94, lat: 34.34 },
] as const;

export interface SeededVehicle {
  vehicleId: number;
  terminalPk: number;
  identifier: string;
  plate: string;
}

/** Groups per city, terminals, vehicles and their latest positions for `count` vehicles of `accountId`. */
export async function seedFleet(client: pg.ClientBase, count: number, accountId = 1, seed = 7): Promise<SeededVehicle[]> {
  const r = rng(seed);
  const groups: number[] = [];
  for (const c of CITIES) {
    const { rows } = await client.query<{ id: number }>('INSERT INTO vehicle_groups (account_id, name) VALUES ($1, $2) RETURNING id', [
      accountId,
      `${c.name}车队`,
    ]);
    groups.push(rows[0].id);
  }
  const base = 13_900_000_000 + Math.floor(r() * 50_000_000);
  const batch = 1000;
  const out: SeededVehicle[] = [];
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start);
    const items = Array.from({ length: n }, (_, i) => {
      const k = start + i;
      const city = k % CITIES.length;
      const identifier = `0${base + k}`;
      const plate =
        `${CITIES[city].plate}${String.fromCharCode(65 + (k % 20))}${String(10000 + ((k * 7919) % 89999)).padStart(5, '0')}`.slice(0, 8);
      const online = r() < 0.85;
      const moving = online && r() < 0.55;
      return {
        identifier,
        key: identifier.replace(/^0+/, ''),
        plate: `${plate}${k}`.slice(0, 8),
        group: groups[city],
        online,
        lon: CITIES[city].lon + (r() - 0.5) * 0.5,
        lat: CITIES[city].lat + (r() - 0.5) * 0.4,
        speed: moving ? 10 + r() * 80 : 0,
        course: Math.floor(r() * 360),
        alarm: r() < 0.02 ? ['overspeed'] : [],
      };
    });
    const json = JSON.stringify(items);
    const { rows } = await client.query<{ vehicle_id: number; terminal_pk: number; identifier: string; plate: string }>(
      `WITH x AS (SELECT * FROM json_to_recordset($1::json) AS x(identifier text, key text, plate text, "group" bigint, online boolean,
                    lon float8, lat float8, speed float8, course int, alarm text[])),
            t AS (INSERT INTO terminals (identifier, identifier_key, protocol, sim, account_id, assigned_at, activated_at, service_expires_at, online, last_seen_at)
                  SELECT identifier, key, 'jt808', '1440' || right(key, 9), $2, now() - interval '400 days', now() - interval '400 days',
                         now() + interval '200 days', online, now() FROM x RETURNING id, identifier),
            v AS (INSERT INTO vehicles (account_id, group_id, terminal_id, name, plate)
                  SELECT $2, x."group", t.id, x.plate, x.plate FROM x JOIN t USING (identifier) RETURNING id, terminal_id, plate),
            l AS (INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed, course, valid, acc, mileage, alarms)
                  SELECT t.id, now() - (random() * interval '60 seconds'), now(), x.lat, x.lon, x.speed, x.course, true, x.speed > 0,
                         1000 + random() * 90000, COALESCE(x.alarm, '{}') FROM x JOIN t USING (identifier))
       SELECT v.id AS vehicle_id, t.id AS terminal_pk, t.identifier, v.plate FROM v JOIN t ON t.id = v.terminal_id`,
      [json, accountId],
    );
    out.push(
      ...rows.map((row) => ({ vehicleId: row.vehicle_id, terminalPk: row.terminal_pk, identifier: row.identifier, plate: row.plate })),
    );
  }
  return out;
}

/** A drive through a city every `intervalSec` seconds for `days`, with stops and a few overspeed stretches. */
export function* trackRows(terminalPk: number, days: number, intervalSec = 10, end = Date.now(), seed = 11): Generator<string> {
  const r = rng(seed);
  const city = CITIES[0];
  let lon = city.lon;
  let lat = city.lat;
  let course = 90;
  let speed = 40;
  let mileage = 12_000;
  let stopLeft = 0;
  const steps = Math.floor((days * 86400) / intervalSec);
  const start = end - steps * intervalSec * 1000;
  for (let i = 0; i < steps; i++) {
    const t = start + i * intervalSec * 1000;
    if (stopLeft > 0) {
      stopLeft--;
      speed = 0;
    } else if (r() < 0.002) {
      stopLeft = 30 + Math.floor(r() * 200); // a stay of 5–40 minutes
    } else {
      speed = Math.max(5, Math.min(125, speed + (r() - 0.5) * 12));
      course = (course + (r() - 0.5) * 30 + 360) % 360;
      // keep within ~25 km of the centre
      if (Math.hypot(lon - city.lon, lat - city.lat) > 0.25) course = (Math.atan2(city.lon - lon, city.lat - lat) * 180) / Math.PI;
    }
    const km = (speed * intervalSec) / 3600;
    mileage += km;
    lat += (km / 111) * Math.cos((course * Math.PI) / 180);
    lon += (km / (111 * Math.cos((lat * Math.PI) / 180))) * Math.sin((course * Math.PI) / 180);
    const iso = new Date(t).toISOString();
    yield `${terminalPk},${iso},${iso},${lat.toFixed(6)},${lon.toFixed(6)},${speed.toFixed(1)},${Math.round((course + 360) % 360)},12,t,,${speed > 0 ? 't' : 'f'},${mileage.toFixed(2)},{}\n`;
  }
}

/** Writes a track with COPY after making the daily partitions it needs. */
export async function seedTrack(client: pg.ClientBase, terminalPk: number, days: number, intervalSec = 10): Promise<number> {
  await client.query('SELECT ensure_position_partitions(current_date - $1::int, current_date + 1)', [days + 1]);
  let n = 0;
  const rows = trackRows(terminalPk, days, intervalSec);
  const counted = (function* () {
    for (const row of rows) {
      n++;
      yield row;
    }
  })();
  const stream = client.query(
    copyFrom(
      'COPY positions (terminal_id, gps_time, received_at, lat, lon, speed, course, altitude, valid, satellites, acc, mileage, alarms) FROM STDIN WITH (FORMAT csv)',
    ),
  );
  await pipeline(Readable.from(counted), stream);
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const client = new pg.Client({ connectionString: arg('db', process.env.DATABASE_URL ?? '') });
  await client.connect();
  const vehicles = await seedFleet(client, Number(arg('vehicles', '200')), Number(arg('account', '1')));
  const days = Number(arg('track-days', '0'));
  let points = 0;
  if (days > 0) points = await seedTrack(client, vehicles[0].terminalPk, days);
  console.log(JSON.stringify({ vehicles: vehicles.length, trackVehicleId: vehicles[0]?.vehicleId, trackPoints: points }));
  await client.end();
}
