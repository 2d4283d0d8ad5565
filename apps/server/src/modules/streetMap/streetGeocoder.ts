/**
 * The street-level reverse geocoder of an imported OpenStreetMap extract: pure, in memory, built
 * once from the rows the import stored (streetMap.queries.ts) and asked many times a second.
 *
 * How it is fast: three grids. Road segments and places (POIs, house numbers) sit in the cells
 * their extent touches, so a point looks at its own cell and the eight around it. Administrative
 * areas are classified per ~1 km cell at build time: a cell no boundary crosses is wholly inside
 * (one array entry) or outside (nothing); a crossed cell keeps the few edges that cross it and
 * whether its centre is inside, and a point there counts the edges it crosses on its way to the
 * centre (one horizontal, one vertical leg: the ray-casting rule on a short path).
 */

/** A named road: its line as lon,lat pairs. */
export interface StreetRoad {
  name: string;
  coords: ArrayLike<number>;
}

/** An administrative area (OSM admin_level 4 province … 8 township): rings as lon,lat pairs, holes by even-odd. */
export interface StreetArea {
  name: string;
  level: number;
  rings: ArrayLike<number>[];
}

/** A named POI, or a house number ('house': name is the number, street its addr:street). */
export interface StreetPlace {
  kind: 'poi' | 'house';
  name: string;
  street: string | null;
  lon: number;
  lat: number;
}

export interface StreetAnswer {
  /** Names of the areas containing the point, from the widest level down. */
  areas: string[];
  road: { name: string; meters: number } | null;
  house: { number: string; street: string | null; meters: number } | null;
  /** The nearest named POI; direction is where the point lies seen from it (东北: the point is north-east of it). */
  poi: { name: string; direction: string; meters: number } | null;
}

/** A point this close to a road is on it. */
export const ROAD_METERS = 100;
/** A house number this close names the point's building. */
export const HOUSE_METERS = 50;
/** The nearest POI within this distance is named ("距…约N米"). */
export const POI_METERS = 300;

const LINE_CELL = 0.002; // ≈ 200 m: a road within ROAD_METERS lies in the 3×3 cells around the point
const PLACE_CELL = 0.004; // ≈ 400 m ≥ POI_METERS even at 45° N
const AREA_CELL = 0.01;
const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LON_EQUATOR = 111_320;

/**
 * A grid cell's key, kept a small integer (a V8 Smi: Map lookups by it are several times faster
 * than by a double). 15 bits a side wrap after 32 768 cells — 65° at the finest grid — where a
 * far cell's contents would share the key; roads and places are then still measured by their
 * true distance, and the area grid's 0.01° cells wrap only after 327°.
 */
const cellKey = (ix: number, iy: number) => (ix & 0x7fff) * 0x8000 + (iy & 0x7fff);

/** Road segments of one grid cell, flat: x1, y1, x2, y2 per segment, and each one's road. */
interface SegmentCell {
  xy: Float64Array;
  road: Int32Array;
}

/** Places of one grid cell, flat: lon, lat per place, and each one's index in the places list. */
interface PlaceCell {
  xy: Float64Array;
  place: Int32Array;
}

/** An area in a crossed cell: whether the cell's centre is inside, and the edges crossing the cell. */
interface PartialArea {
  area: number;
  centreInside: boolean;
  edges: Float64Array;
}

interface AreaCell {
  whole: number[];
  partial: PartialArea[];
}

const DIRECTIONS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'];

export class StreetGeocoder {
  private readonly roadNames: string[];
  private readonly lines = new Map<number, SegmentCell>();
  private readonly places: readonly StreetPlace[];
  private readonly placeCells = new Map<number, PlaceCell>();
  private readonly areaCells = new Map<number, AreaCell>();
  private readonly areas: Array<{ name: string; level: number }>;

  constructor(roads: readonly StreetRoad[], areas: readonly StreetArea[], places: readonly StreetPlace[]) {
    this.roadNames = roads.map((r) => r.name);
    this.indexRoads(roads);
    this.places = places;
    this.indexPlaces(places);
    this.areas = areas.map((a) => ({ name: a.name, level: a.level }));
    areas.forEach((a, i) => this.indexArea(a, i));
  }

  /** How much was indexed (the import's summary and the tests). */
  get size() {
    return { roads: this.roadNames.length, areas: this.areas.length, places: this.places.length };
  }

  lookup(lon: number, lat: number): StreetAnswer {
    const kx = M_PER_DEG_LON_EQUATOR * Math.cos((lat * Math.PI) / 180);
    return {
      areas: this.areasAt(lon, lat),
      road: this.nearestRoad(lon, lat, kx),
      ...this.nearestPlaces(lon, lat, kx),
    };
  }

  private indexRoads(roads: readonly StreetRoad[]) {
    const building = new Map<number, { xy: number[]; road: number[] }>();
    roads.forEach((r, road) => {
      const c = r.coords;
      for (let k = 0; k + 3 < c.length; k += 2) {
        const [x1, y1, x2, y2] = [c[k], c[k + 1], c[k + 2], c[k + 3]];
        const [ix0, ix1] = [Math.floor(Math.min(x1, x2) / LINE_CELL), Math.floor(Math.max(x1, x2) / LINE_CELL)];
        const [iy0, iy1] = [Math.floor(Math.min(y1, y2) / LINE_CELL), Math.floor(Math.max(y1, y2) / LINE_CELL)];
        for (let ix = ix0; ix <= ix1; ix++)
          for (let iy = iy0; iy <= iy1; iy++) {
            // a long diagonal segment's bounding box: keep only the cells the segment comes near
            if ((ix1 > ix0 || iy1 > iy0) && !segmentNearCell(x1, y1, x2, y2, ix, iy)) continue;
            let cell = building.get(cellKey(ix, iy));
            if (!cell) building.set(cellKey(ix, iy), (cell = { xy: [], road: [] }));
            cell.xy.push(x1, y1, x2, y2);
            cell.road.push(road);
          }
      }
    });
    for (const [key, cell] of building) this.lines.set(key, { xy: Float64Array.from(cell.xy), road: Int32Array.from(cell.road) });
  }

  private nearestRoad(lon: number, lat: number, kx: number): StreetAnswer['road'] {
    const ix = Math.floor(lon / LINE_CELL);
    const iy = Math.floor(lat / LINE_CELL);
    let best = ROAD_METERS * ROAD_METERS;
    let bestRoad = -1;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const cell = this.lines.get(cellKey(ix + dx, iy + dy));
        if (!cell) continue;
        const { xy, road } = cell;
        for (let s = 0, n = road.length; s < n; s++) {
          const o = s * 4;
          const d = segmentDistance2(
            (xy[o] - lon) * kx,
            (xy[o + 1] - lat) * M_PER_DEG_LAT,
            (xy[o + 2] - lon) * kx,
            (xy[o + 3] - lat) * M_PER_DEG_LAT,
          );
          if (d < best) [best, bestRoad] = [d, road[s]];
        }
      }
    return bestRoad < 0 ? null : { name: this.roadNames[bestRoad], meters: Math.sqrt(best) };
  }

  private indexPlaces(places: readonly StreetPlace[]) {
    const building = new Map<number, number[]>();
    places.forEach((p, i) => push(building, cellKey(Math.floor(p.lon / PLACE_CELL), Math.floor(p.lat / PLACE_CELL)), i));
    for (const [key, ids] of building) {
      const xy = new Float64Array(ids.length * 2);
      ids.forEach((id, k) => ((xy[2 * k] = places[id].lon), (xy[2 * k + 1] = places[id].lat)));
      this.placeCells.set(key, { xy, place: Int32Array.from(ids) });
    }
  }

  private nearestPlaces(lon: number, lat: number, kx: number): Pick<StreetAnswer, 'house' | 'poi'> {
    const ix = Math.floor(lon / PLACE_CELL);
    const iy = Math.floor(lat / PLACE_CELL);
    let [poi, poiD] = [-1, POI_METERS * POI_METERS];
    let [house, houseD] = [-1, HOUSE_METERS * HOUSE_METERS];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const cell = this.placeCells.get(cellKey(ix + dx, iy + dy));
        if (!cell) continue;
        const { xy, place } = cell;
        for (let k = 0, n = place.length; k < n; k++) {
          const ex = (lon - xy[2 * k]) * kx;
          const ny = (lat - xy[2 * k + 1]) * M_PER_DEG_LAT;
          const d = ex * ex + ny * ny;
          if (d >= poiD && d >= houseD) continue;
          if (this.places[place[k]].kind === 'poi') {
            if (d < poiD) [poi, poiD] = [place[k], d];
          } else if (d < houseD) [house, houseD] = [place[k], d];
        }
      }
    const h = house >= 0 ? this.places[house] : null;
    const p = poi >= 0 ? this.places[poi] : null;
    return {
      house: h && { number: h.name, street: h.street, meters: Math.sqrt(houseD) },
      poi: p && {
        name: p.name,
        meters: Math.sqrt(poiD),
        direction: DIRECTIONS[Math.round(bearing((lon - p.lon) * kx, (lat - p.lat) * M_PER_DEG_LAT) / 45) % 8],
      },
    };
  }

  private indexArea(area: StreetArea, id: number) {
    let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of area.rings)
      for (let k = 0; k + 1 < ring.length; k += 2) {
        [w, e] = [Math.min(w, ring[k]), Math.max(e, ring[k])];
        [s, n] = [Math.min(s, ring[k + 1]), Math.max(n, ring[k + 1])];
      }
    if (!(w <= e)) return;
    const [ix0, ix1] = [Math.floor(w / AREA_CELL), Math.floor(e / AREA_CELL)];
    const [iy0, iy1] = [Math.floor(s / AREA_CELL), Math.floor(n / AREA_CELL)];
    // the edges crossing each cell (by their bounding box: a superset, the legs test the real crossing)
    const crossed = new Map<number, number[]>();
    forEachEdge(area.rings, (x1, y1, x2, y2) => {
      for (let ix = Math.floor(Math.min(x1, x2) / AREA_CELL); ix <= Math.floor(Math.max(x1, x2) / AREA_CELL); ix++)
        for (let iy = Math.floor(Math.min(y1, y2) / AREA_CELL); iy <= Math.floor(Math.max(y1, y2) / AREA_CELL); iy++)
          push(crossed, cellKey(ix, iy), x1, y1, x2, y2);
    });
    // each row of cells: where a horizontal line through the cells' centres crosses the boundary
    const rows = new Map<number, number[]>();
    forEachEdge(area.rings, (x1, y1, x2, y2) => {
      for (let iy = Math.ceil(Math.min(y1, y2) / AREA_CELL - 0.5); iy <= Math.floor(Math.max(y1, y2) / AREA_CELL - 0.5); iy++) {
        const y = (iy + 0.5) * AREA_CELL;
        if (y1 > y !== y2 > y) push(rows, iy, x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
    });
    for (let iy = iy0; iy <= iy1; iy++) {
      const xs = (rows.get(iy) ?? []).sort((a, b) => a - b);
      let k = 0;
      for (let ix = ix0; ix <= ix1; ix++) {
        const cx = (ix + 0.5) * AREA_CELL;
        while (k < xs.length && xs[k] <= cx) k++;
        const centreInside = k % 2 === 1;
        const key = cellKey(ix, iy);
        const edges = crossed.get(key);
        if (!edges && !centreInside) continue;
        let cell = this.areaCells.get(key);
        if (!cell) this.areaCells.set(key, (cell = { whole: [], partial: [] }));
        if (edges) cell.partial.push({ area: id, centreInside, edges: Float64Array.from(edges) });
        else cell.whole.push(id);
      }
    }
  }

  private areasAt(lon: number, lat: number): string[] {
    const ix = Math.floor(lon / AREA_CELL);
    const iy = Math.floor(lat / AREA_CELL);
    const cell = this.areaCells.get(cellKey(ix, iy));
    if (!cell) return [];
    const hits = [...cell.whole];
    const [cx, cy] = [(ix + 0.5) * AREA_CELL, (iy + 0.5) * AREA_CELL];
    for (const p of cell.partial) if (insideByPath(p, lon, lat, cx, cy)) hits.push(p.area);
    // one area per level (the first found), widest first
    const byLevel = new Map<number, string>();
    for (const id of hits) if (!byLevel.has(this.areas[id].level)) byLevel.set(this.areas[id].level, this.areas[id].name);
    return [...byLevel.entries()].sort((a, b) => a[0] - b[0]).map(([, name]) => name);
  }
}

/**
 * Inside-ness at (x, y): the centre's, flipped at each boundary crossing on the way there (x first,
 * then y). Every point is read as lying a hair north-east of itself — the half-open rule of ray
 * casting, here and in the row scan that classified the centre — so a vertex or an edge exactly
 * on a path is counted once, consistently.
 */
function insideByPath(p: PartialArea, x: number, y: number, cx: number, cy: number): boolean {
  let inside = p.centreInside;
  const e = p.edges;
  const [xlo, xhi] = x < cx ? [x, cx] : [cx, x];
  const [ylo, yhi] = y < cy ? [y, cy] : [cy, y];
  for (let o = 0; o < e.length; o += 4) {
    const [x1, y1, x2, y2] = [e[o], e[o + 1], e[o + 2], e[o + 3]];
    // leg 1: (x, y) → (cx, y), horizontal; the half-open rule of ray casting on y
    if (y1 > y !== y2 > y) {
      const xc = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
      if (xc > xlo && xc <= xhi) inside = !inside;
    }
    // leg 2: (cx, y) → (cx, cy), vertical; the same rule on x
    if (x1 > cx !== x2 > cx) {
      const yc = y1 + ((cx - x1) * (y2 - y1)) / (x2 - x1);
      if (yc > ylo && yc <= yhi) inside = !inside;
    }
  }
  return inside;
}

function forEachEdge(rings: ArrayLike<number>[], fn: (x1: number, y1: number, x2: number, y2: number) => void) {
  for (const r of rings) {
    const n = r.length - (r.length % 2);
    if (n < 6) continue;
    for (let k = 0; k < n; k += 2) {
      const j = k + 2 < n ? k + 2 : 0; // closes the ring whether or not its last point repeats the first
      if (r[k] !== r[j] || r[k + 1] !== r[j + 1]) fn(r[k], r[k + 1], r[j], r[j + 1]);
    }
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, ...values: V[]) {
  const list = map.get(key);
  if (list) list.push(...values);
  else map.set(key, values);
}

/** Squared distance from the origin to the segment (ax, ay)–(bx, by), in the plane. */
function segmentDistance2(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const px = ax + t * dx;
  const py = ay + t * dy;
  return px * px + py * py;
}

/** Whether the segment may pass through cell (ix, iy): within its half-diagonal of the centre. */
const HALF_DIAGONAL2 = (LINE_CELL * LINE_CELL) / 2 + 1e-12;
function segmentNearCell(x1: number, y1: number, x2: number, y2: number, ix: number, iy: number): boolean {
  const cx = (ix + 0.5) * LINE_CELL;
  const cy = (iy + 0.5) * LINE_CELL;
  return segmentDistance2(x1 - cx, y1 - cy, x2 - cx, y2 - cy) <= HALF_DIAGONAL2;
}

/** Compass bearing of (east, north) in degrees, 0 = north, clockwise. */
function bearing(east: number, north: number): number {
  const deg = (Math.atan2(east, north) * 180) / Math.PI;
  return deg < 0 ? deg + 360 : deg;
}
