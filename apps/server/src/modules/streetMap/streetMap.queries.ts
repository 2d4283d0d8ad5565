import type { CopyQueryable, Db, Queryable } from '../../db/types.ts';
import type { StreetArea, StreetPlace, StreetRoad } from './streetGeocoder.ts';

const E7 = 1e7;

/** int32s → bytea (little-endian), as COPY's hex text. */
function packInts(ints: number[]): string {
  const buf = Buffer.alloc(ints.length * 4);
  ints.forEach((v, i) => buf.writeInt32LE(v, i * 4));
  return `\\x${buf.toString('hex')}`;
}

/** lon,lat pairs in 1e-7° */
const scaled = (coords: ArrayLike<number>) => Array.from(coords, (v) => Math.round(v * E7));

function unpack(bytes: Uint8Array): Int32Array {
  const copy = new Uint8Array(bytes); // aligned, whatever the driver's buffer offset
  return new Int32Array(copy.buffer, 0, copy.byteLength >> 2);
}

const toDegrees = (ints: Int32Array, from: number, to: number) => {
  const out = new Float64Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = ints[i] / E7;
  return out;
};

export async function insertBuild(db: Queryable, name: string, source: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('INSERT INTO street_map_builds (name, source) VALUES ($1, $2) RETURNING id', [name, source]);
  return row.id;
}

export async function copyRoads(db: CopyQueryable, buildId: number, roads: StreetRoad[]): Promise<void> {
  await db.copyRows(
    'street_roads',
    ['build_id', 'name', 'coords'],
    roads.map((r) => [buildId, r.name, packInts(scaled(r.coords))]),
  );
}

export async function copyAreas(db: CopyQueryable, buildId: number, areas: StreetArea[]): Promise<void> {
  await db.copyRows(
    'street_areas',
    ['build_id', 'name', 'admin_level', 'rings'],
    areas.map((a) => {
      const ints: number[] = [a.rings.length];
      for (const r of a.rings) {
        ints.push(r.length / 2);
        for (const v of scaled(r)) ints.push(v);
      }
      return [buildId, a.name, a.level, packInts(ints)];
    }),
  );
}

export async function copyPlaces(db: CopyQueryable, buildId: number, places: StreetPlace[]): Promise<void> {
  await db.copyRows(
    'street_places',
    ['build_id', 'kind', 'name', 'street', 'lon', 'lat'],
    places.map((p) => [buildId, p.kind, p.name, p.street, p.lon, p.lat]),
  );
}

/** Makes the build the one answered from; returns the build it replaced, if any. */
export async function activateBuild(db: Queryable, buildId: number): Promise<number | null> {
  const [before] = await db.query<{ build_id: number }>('SELECT build_id FROM street_map_active FOR UPDATE');
  await db.query(
    `INSERT INTO street_map_active (singleton, build_id) VALUES (true, $1)
     ON CONFLICT (singleton) DO UPDATE SET build_id = EXCLUDED.build_id, activated_at = now()`,
    [buildId],
  );
  return before?.build_id ?? null;
}

/** Deletes every build but the active one (their rows go with them). */
export async function deleteInactiveBuilds(db: Queryable): Promise<void> {
  await db.query('DELETE FROM street_map_builds WHERE id NOT IN (SELECT build_id FROM street_map_active)');
}

export async function activeBuild(db: Queryable): Promise<{ id: number; name: string } | null> {
  const [row] = await db.query<{ id: number; name: string }>(
    'SELECT b.id, b.name FROM street_map_active a JOIN street_map_builds b ON b.id = a.build_id',
  );
  return row ?? null;
}

/** Every row of one build, read in pages so memory holds one page of raw rows at a time. */
export async function loadBuild(db: Db, buildId: number): Promise<{ roads: StreetRoad[]; areas: StreetArea[]; places: StreetPlace[] }> {
  const roads: StreetRoad[] = [];
  for await (const rows of db.cursor<{ name: string; coords: Uint8Array }>(
    'SELECT name, coords FROM street_roads WHERE build_id = $1',
    [buildId],
    20_000,
  ))
    for (const r of rows) {
      const ints = unpack(r.coords);
      roads.push({ name: r.name, coords: toDegrees(ints, 0, ints.length) });
    }
  const areas: StreetArea[] = [];
  for (const r of await db.query<{ name: string; admin_level: number; rings: Uint8Array }>(
    'SELECT name, admin_level, rings FROM street_areas WHERE build_id = $1',
    [buildId],
  )) {
    const ints = unpack(r.rings);
    const rings: Float64Array[] = [];
    let at = 1;
    for (let k = 0; k < ints[0]; k++) {
      const n = ints[at] * 2;
      rings.push(toDegrees(ints, at + 1, at + 1 + n));
      at += 1 + n;
    }
    areas.push({ name: r.name, level: r.admin_level, rings });
  }
  const places: StreetPlace[] = [];
  for await (const rows of db.cursor<StreetPlace>(
    'SELECT kind, name, street, lon, lat FROM street_places WHERE build_id = $1',
    [buildId],
    50_000,
  ))
    places.push(...rows);
  return { roads, areas, places };
}
