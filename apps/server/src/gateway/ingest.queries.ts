import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { prepared, type Db, type Queryable } from '../db/types.ts';
import { copyPositions, POSITION_COLUMNS, type StoredPosition } from '../core/positionCopy.ts';
import { binaryArray, ELEMENT } from './binaryArrays.ts';

/** The row shape lives with its COPY writer in core/ (the pets' demo past is written with it too). */
export type { StoredPosition };

export interface NewAlarm {
  terminalPk: number;
  accountId: number | null;
  vehicleId: number | null;
  type: AlarmType;
  alarmTime: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  /** 补传: raised by a blind-area fix (its `extras.blindArea`, set by positionRows.ts markBlindArea). */
  late?: boolean;
}

/** A terminal's Beijing day the report rollup must recompute: positions arrived too late for its passes (core/lateReports.ts). */
export interface LateDay {
  terminalPk: number;
  day: string;
}

/** What the gateway needs to know about a terminal while its socket is open. */
export interface TerminalInfoRow {
  id: number;
  identifier: string;
  identifier_key: string;
  protocol: string;
  account_id: number | null;
  account_path: string | null;
  enabled: boolean;
  activated_at: Date | null;
  service_expires_at: Date | null;
  vehicle_id: number | null;
  plate: string | null;
  vehicle_name: string | null;
  active_alarms: string[] | null;
  latest_gps_time: Date | null;
  handed_over_at: Date | null;
  auth_code: string | null;
}

// latest_gps_time: the newest position stored, which latest_positions may not have yet (ingestBatcher.ts
// latestEveryMs; a time too far ahead is a wrong clock, lateDays.ts). Its alarms are exact: a change is written at once.
const TERMINAL_INFO = `SELECT t.id, t.identifier, t.identifier_key, t.protocol, t.account_id, a.path AS account_path, t.enabled, t.activated_at,
       t.service_expires_at, v.id AS vehicle_id, v.plate, v.name AS vehicle_name, l.alarms AS active_alarms,
       GREATEST(l.gps_time, (SELECT max(p.gps_time) FROM positions p WHERE p.terminal_id = t.id AND p.gps_time > l.gps_time
                               AND p.gps_time <= now() + interval '10 minutes')) AS latest_gps_time, t.handed_over_at,
       t.auth_code
  FROM terminals t LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN vehicles v ON v.terminal_id = t.id
  LEFT JOIN latest_positions l ON l.terminal_id = t.id`;

/**
 * Gateways write the same terminals' rows side by side (a terminal that moved to another gateway,
 * the offline sweep that covers every terminal): each multi-row write locks its rows in id order
 * first (`x` holds the ids), so two of them can wait on each other but never deadlock. Seen without
 * it at 100 000 terminals on 7 gateways (cluster-load): "deadlock detected" on terminals. The lock
 * is the one the UPDATE takes anyway (NO KEY UPDATE): FOR UPDATE would also block, and deadlock
 * with, every insert whose foreign key names the terminal (the rollup's, seen in the same bench).
 */
/** An upsert's update of a terminal's latest position: an older fix changes nothing; a fix without an odometer reading keeps the last one. */
const LATEST_SET = `gps_time = EXCLUDED.gps_time, received_at = EXCLUDED.received_at, lat = EXCLUDED.lat, lon = EXCLUDED.lon,
    speed = EXCLUDED.speed, course = EXCLUDED.course, altitude = EXCLUDED.altitude, valid = EXCLUDED.valid,
    satellites = EXCLUDED.satellites, acc = EXCLUDED.acc, mileage = COALESCE(EXCLUDED.mileage, latest_positions.mileage),
    alarms = EXCLUDED.alarms, extras = EXCLUDED.extras
  WHERE latest_positions.gps_time <= EXCLUDED.gps_time`;

const LOCK_IN_ID_ORDER = `locked AS MATERIALIZED (SELECT id FROM terminals WHERE id IN (SELECT id FROM x) ORDER BY id FOR NO KEY UPDATE)`;

export const ingestQueries = {
  copyPositions,

  /** Latest positions on their own: fixes that waited in the gateway (latestWrites.ts) when no report brings a flush; tests and tools. */
  upsertLatest: (db: Db, rows: readonly StoredPosition[]) => db.tx((q) => upsertLatestIn(q, rows, db.engine === 'postgres')),
  /**
   * A flush: positions and the latest positions due (latestWrites.ts) in one transaction — one
   * commit, and all or nothing (a failed upsert no longer leaves committed positions the terminal will send again).
   * Positions alone (most flushes: latest_positions waits in latestWrites.ts) are one COPY, its own transaction:
   * PostgreSQL commits it before it answers, so one round trip and no BEGIN or COMMIT (issue 33).
   */
  storePositions: (db: Db, positionsCopy: Uint8Array, latest: readonly StoredPosition[], late: readonly LateDay[] = []) =>
    latest.length === 0 && late.length === 0
      ? db.copyRows('positions', POSITION_COLUMNS, positionsCopy).then(() => null)
      : storeInTx(db, positionsCopy, latest, late),

  /**
   * At a gateway's start: each terminal's newest fix in positions that latest_positions has not got
   * (the fixes a crashed gateway held back, latestWrites.ts), written as the flushes would have. One
   * index probe per terminal, on the partitions from its latest fix on.
   */
  catchUpLatest: (q: Queryable) =>
    q.query(
      `INSERT INTO latest_positions (${POSITION_COLUMNS.join(', ')})
       SELECT p.terminal_id, p.gps_time, p.received_at, p.lat, p.lon, p.speed, p.course, p.altitude, p.valid, p.satellites, p.acc,
              COALESCE(p.mileage, (SELECT m.mileage FROM positions m WHERE m.terminal_id = l.terminal_id AND m.gps_time > l.gps_time
                                      AND m.gps_time < p.gps_time AND m.mileage IS NOT NULL ORDER BY m.gps_time DESC LIMIT 1)), p.alarms, p.extras
         FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
        CROSS JOIN LATERAL (SELECT * FROM positions p WHERE p.terminal_id = l.terminal_id AND p.gps_time > l.gps_time
                               AND (p.valid OR p.lat <> 0 OR p.lon <> 0) AND NOT COALESCE(t.handed_over_at > p.gps_time, false)
                             ORDER BY p.gps_time DESC LIMIT 1) p
        ORDER BY p.terminal_id
       ON CONFLICT (terminal_id) DO UPDATE SET ${LATEST_SET}`,
    ),

  /** Ids in the order given (matched on their content: RETURNING promises no order). */
  insertAlarms: async (q: Queryable, alarms: NewAlarm[]) => {
    const records = alarms.map((a) => ({
      terminal_id: a.terminalPk,
      account_id: a.accountId,
      vehicle_id: a.vehicleId,
      type: a.type,
      alarm_time: new Date(a.alarmTime).toISOString(),
      lat: a.lat,
      lon: a.lon,
      speed: a.speed,
      late: a.late === true,
    }));
    const rows = await q.query<{ id: number; terminal_id: number; type: AlarmType; alarm_time: Date }>(
      `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed, late)
       SELECT terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed, late
         FROM json_to_recordset($1::json) AS x(terminal_id bigint, account_id bigint, vehicle_id bigint, type text,
              alarm_time timestamptz, lat double precision, lon double precision, speed real, late boolean)
       RETURNING id, terminal_id, type, alarm_time`,
      [JSON.stringify(records)],
    );
    const byKey = new Map<string, number[]>();
    for (const r of rows.sort((x, y) => x.id - y.id)) {
      const key = `${r.terminal_id}|${r.type}|${r.alarm_time.getTime()}`;
      byKey.set(key, [...(byKey.get(key) ?? []), r.id]);
    }
    return alarms.map((a) => byKey.get(`${a.terminalPk}|${a.type}|${a.alarmTime}`)!.shift()!);
  },

  /** Many terminals in one round trip (logins arrive in storms: after a restart every terminal reconnects). */
  terminalInfos: (q: Queryable, keys: string[]) =>
    q.query<TerminalInfoRow>(`${TERMINAL_INFO} WHERE t.identifier_key = ANY($1::text[])`, [keys]),

  /** Terminals nobody registered: recorded unassigned (platform stock). Races with another gateway are harmless. */
  registerUnassigned: (q: Queryable, terminals: Array<{ identifier: string; key: string; protocol: string }>) =>
    q.query(
      `INSERT INTO terminals (identifier, identifier_key, protocol)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (identifier_key) DO NOTHING`,
      [terminals.map((t) => t.identifier), terminals.map((t) => t.key), terminals.map((t) => t.protocol)],
    ),

  /** First contact activates the service; the protocol follows what the terminal actually speaks. */
  markOnline: (q: Queryable, terminals: Array<{ id: number; protocol: string }>) =>
    q.query(
      `WITH x AS MATERIALIZED (SELECT * FROM unnest($1::bigint[], $2::text[]) AS x(id, protocol)),
            ${LOCK_IN_ID_ORDER}
       UPDATE terminals t SET online = true, last_seen_at = now(), online_changed_at = CASE WHEN t.online THEN t.online_changed_at ELSE now() END,
              activated_at = COALESCE(t.activated_at, now()), protocol = x.protocol
         FROM x WHERE t.id = x.id AND t.id IN (SELECT id FROM locked)`,
      [terminals.map((t) => t.id), terminals.map((t) => t.protocol)],
    ),

  /**
   * Last-seen times (epoch ms), as two arrays: PostgreSQL reads numbers as numbers, not JSON text. The
   * update is HOT (no index holds last_seen_at since migration 0064), so it stays on the row's page.
   */
  touchSeen: (q: Queryable, seen: Array<{ id: number; at: number }>) =>
    q.query(
      `WITH x AS MATERIALIZED (SELECT id, timestamptz 'epoch' + ms * interval '1 millisecond' AS at
                                 FROM unnest($1::bigint[], $2::float8[]) AS x(id, ms)),
            ${LOCK_IN_ID_ORDER}
       UPDATE terminals t SET last_seen_at = x.at FROM x
        WHERE t.id = x.id AND t.id IN (SELECT id FROM locked) AND (t.last_seen_at IS NULL OR t.last_seen_at < x.at)`,
      [seen.map((s) => s.id), seen.map((s) => s.at)],
    ),

  /**
   * Offline: silent for `seconds` by the database's record, whichever gateway last saw it (one
   * that holds the socket keeps last_seen_at fresh). Returns the terminals that just went offline.
   */
  markSilentOffline: (q: Queryable, seconds: number, onlyIds: number[] | null) =>
    q.query<{ id: number; identifier: string; account_path: string | null; vehicle_id: number | null; plate: string | null }>(
      `WITH due AS MATERIALIZED (
         SELECT id FROM terminals WHERE online AND last_seen_at < now() - make_interval(secs => $1)
            AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))
          ORDER BY id FOR NO KEY UPDATE SKIP LOCKED)
       UPDATE terminals t SET online = false, online_changed_at = now()
         FROM terminals t2 LEFT JOIN accounts a ON a.id = t2.account_id LEFT JOIN vehicles v ON v.terminal_id = t2.id
        WHERE t.id = t2.id AND t.id IN (SELECT id FROM due) AND t.online AND t.last_seen_at < now() - make_interval(secs => $1)
        RETURNING t.id, t.identifier, a.path AS account_path, v.id AS vehicle_id, v.plate`,
      [seconds, onlyIds],
    ),

  ensurePartitions: (q: Queryable, daysBack: number, daysAhead: number) =>
    q.query('SELECT ensure_position_partitions(current_date - $1::int, current_date + $2::int) AS made', [daysBack, daysAhead]),
};

/** A flush in one transaction: its positions, the latest positions due and the late days, all or nothing. */
function storeInTx(db: Db, positionsCopy: Uint8Array, latest: readonly StoredPosition[], late: readonly LateDay[]) {
  return db.tx(async (q) => {
    // The positions come as binary COPY data: the batcher encodes rows as they arrive (positionCopy.ts).
    await q.copyRows('positions', POSITION_COLUMNS, positionsCopy);
    const written = await upsertLatestIn(q, latest, db.engine === 'postgres');
    // Rare (blind-area uploads, a day already final): stored with the positions, so never one without the other.
    if (late.length) {
      await q.query('INSERT INTO rollup_late_days (terminal_id, day) SELECT * FROM unnest($1::bigint[], $2::date[])', [
        late.map((l) => l.terminalPk),
        late.map((l) => l.day),
      ]);
    }
    return written;
  });
}

/**
 * One row per terminal (the caller keeps the newest); an older or fix-less report never
 * overwrites a newer one, and a fix from before the terminal's hand-over (a blind-area upload of
 * the previous owner's time) never becomes the new owner's latest (migration 0044). One statement,
 * its rows as one array parameter per column (issue 33): a flush of 100 rows spent 2.75 ms of
 * PostgreSQL's CPU on the temporary table this replaced, a third of it creating and emptying the
 * table at each commit. (Passing the rows as JSON made PostgreSQL parse ~30 ms of text per 2 000
 * terminals; arrays of numbers are read as numbers.) Times go as epoch milliseconds, reals as the
 * float32 the column keeps, so a row equals its binary COPY twin in positions. On PostgreSQL the
 * arrays go in binary (binaryArrays.ts), on PGlite as array literals.
 */
/**
 * Null when every row was written (the usual case), else the terminals whose row was: a fix from
 * before its terminal's hand-over, or older than the row, leaves it as it was (latestWrites.ts
 * then writes that terminal's next fix at once, as a first one).
 */
async function upsertLatestIn(q: Queryable, rows: readonly StoredPosition[], binary: boolean): Promise<number[] | null> {
  if (rows.length === 0) return null;
  const written = await q.query<{ terminal_id: number | string }>(UPSERT_LATEST, binary ? binaryLatest(rows) : textLatest(rows));
  return written.length === rows.length ? null : written.map((r) => Number(r.terminal_id));
}

const course = (p: StoredPosition) => (Math.round(p.course) << 16) >> 16; // smallint as the COPY writes it
const satellites = (p: StoredPosition) => (p.satellites === null ? null : (p.satellites << 16) >> 16);
const alarmsLiteral = (p: StoredPosition) => `{${p.alarms.map(quoted).join(',')}}`;
const extrasText = (p: StoredPosition) => (p.extras === null || p.extras === undefined ? null : JSON.stringify(p.extras));

function binaryLatest(rows: readonly StoredPosition[]) {
  return [
    binaryArray(rows, ELEMENT.int8, (p) => p.terminalPk),
    binaryArray(rows, ELEMENT.float8, (p) => p.gpsTime),
    binaryArray(rows, ELEMENT.float8, (p) => p.receivedAt),
    binaryArray(rows, ELEMENT.float8, (p) => p.lat),
    binaryArray(rows, ELEMENT.float8, (p) => p.lon),
    binaryArray(rows, ELEMENT.float4, (p) => p.speed),
    binaryArray(rows, ELEMENT.int2, course),
    binaryArray(rows, ELEMENT.float4, (p) => p.altitude),
    binaryArray(rows, ELEMENT.bool, (p) => p.valid),
    binaryArray(rows, ELEMENT.int2, satellites),
    binaryArray(rows, ELEMENT.bool, (p) => p.acc),
    binaryArray(rows, ELEMENT.float8, (p) => p.mileage),
    binaryArray(rows, ELEMENT.text, alarmsLiteral),
    binaryArray(rows, ELEMENT.text, extrasText),
  ];
}

function textLatest(rows: readonly StoredPosition[]) {
  return [
    arrayOf(rows, (p) => p.terminalPk),
    arrayOf(rows, (p) => p.gpsTime),
    arrayOf(rows, (p) => p.receivedAt),
    arrayOf(rows, (p) => p.lat),
    arrayOf(rows, (p) => p.lon),
    arrayOf(rows, (p) => Math.fround(p.speed)),
    arrayOf(rows, course),
    arrayOf(rows, (p) => Math.fround(p.altitude)),
    arrayOf(rows, (p) => p.valid),
    arrayOf(rows, satellites),
    arrayOf(rows, (p) => p.acc),
    arrayOf(rows, (p) => p.mileage),
    arrayOf(rows, (p) => quoted(alarmsLiteral(p))),
    arrayOf(rows, (p) => {
      const json = extrasText(p);
      return json === null ? null : quoted(json);
    }),
  ];
}

/** A PostgreSQL array literal of one column: numbers and booleans as written, null as NULL, text already quoted. */
function arrayOf(rows: readonly StoredPosition[], value: (p: StoredPosition) => number | boolean | string | null) {
  let out = '{';
  for (let i = 0; i < rows.length; i++) {
    const v = value(rows[i]);
    out += (i ? ',' : '') + (v === null ? 'NULL' : String(v));
  }
  return out + '}';
}

/** An array element in double quotes, its quotes and backslashes escaped. */
const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

/**
 * The hand-over check is a scalar subquery on purpose: one primary-key probe per row. As NOT
 * EXISTS, PostgreSQL planned an anti join that hashed every terminal at every flush (issue 33:
 * 10 000 terminals cost ~1.5 ms of PostgreSQL's CPU a flush, most of what it spent a position).
 * The arrays are unnested in the select list, zipped row by row: `unnest(a, b, …)` in FROM
 * materialises each array apart first (~3 µs of PostgreSQL's CPU a row for the fourteen, against ~1.7).
 */
const UPSERT_LATEST = prepared(`INSERT INTO latest_positions (${POSITION_COLUMNS.join(', ')})
  SELECT l.terminal_id, timestamptz 'epoch' + l.gps_ms * interval '1 millisecond', timestamptz 'epoch' + l.received_ms * interval '1 millisecond',
         l.lat, l.lon, l.speed, l.course, l.altitude, l.valid, l.satellites, l.acc, l.mileage, l.alarms::text[], l.extras::jsonb
    FROM (SELECT unnest($1::bigint[]) AS terminal_id, unnest($2::float8[]) AS gps_ms, unnest($3::float8[]) AS received_ms,
                 unnest($4::float8[]) AS lat, unnest($5::float8[]) AS lon, unnest($6::real[]) AS speed, unnest($7::smallint[]) AS course,
                 unnest($8::real[]) AS altitude, unnest($9::boolean[]) AS valid, unnest($10::smallint[]) AS satellites,
                 unnest($11::boolean[]) AS acc, unnest($12::float8[]) AS mileage, unnest($13::text[]) AS alarms, unnest($14::text[]) AS extras) l
   WHERE NOT COALESCE((SELECT t.handed_over_at > timestamptz 'epoch' + l.gps_ms * interval '1 millisecond' FROM terminals t WHERE t.id = l.terminal_id), false)
   ORDER BY l.terminal_id
  ON CONFLICT (terminal_id) DO UPDATE SET ${LATEST_SET}
  RETURNING terminal_id`);
