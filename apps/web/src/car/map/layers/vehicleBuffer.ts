import { VEHICLE_STATES, type VehicleState } from '../../../shared/vehicle/vehicleState.ts';

/**
 * Per vehicle on the GPU: mercator x and y split into a float32 high part and the remainder
 * (drawn relative to the camera's centre, so street zoom does not jitter), heading in degrees,
 * and the state's index into the arrow atlas (-1: hidden, e.g. inside a cluster).
 */
export const FLOATS_PER_VEHICLE = 6;

const STATE_INDEX = new Map<VehicleState, number>(VEHICLE_STATES.map((s, i) => [s, i]));

/** Web mercator, 0..1 from the top-left of the world (MapLibre's MercatorCoordinate). */
export const mercatorX = (lon: number) => (lon + 180) / 360;
export const mercatorY = (lat: number) => (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360;
export const lonFromMercator = (x: number) => x * 360 - 180;
export const latFromMercator = (y: number) => (360 / Math.PI) * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180)) - 90;

/** Gaps of up to this many unchanged slots are uploaded with their neighbours (one call instead of two). */
const MERGE_GAP = 32;
/** Past this many separate ranges one upload of their whole span is cheaper than many calls. */
const MAX_RANGES = 64;

/** [first slot, end slot) runs to upload, from the changed slots in ascending order. */
export function dirtyRanges(slots: ArrayLike<number>, mergeGap = MERGE_GAP, maxRanges = MAX_RANGES): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let k = 0; k < slots.length; k++) {
    const i = slots[k];
    const last = ranges[ranges.length - 1];
    if (last && i - last[1] <= mergeGap) last[1] = i + 1;
    else ranges.push([i, i + 1]);
  }
  if (ranges.length > maxRanges) return [[ranges[0][0], ranges[ranges.length - 1][1]]];
  return ranges;
}

/**
 * The vehicles the map draws, in typed arrays: one slot per vehicle with a position, in the
 * order they first appeared. The GL layer uploads only the slots marked dirty; the CPU side
 * (hit test, clusters, labels) reads the exact float64 positions.
 */
export class VehicleBuffer {
  count = 0;
  /** bumped when the arrays were reallocated: the GPU buffer must be recreated whole */
  generation = 0;
  /** bumped on every write: layers that copy from the arrays (plate labels) know to copy again */
  version = 0;
  data = new Float32Array(0);
  ids = new Int32Array(0);
  x = new Float64Array(0);
  y = new Float64Array(0);
  state = new Int8Array(0);
  hidden = new Uint8Array(0);
  dirty = new Uint8Array(0);
  private readonly slots = new Map<number, number>();
  private dirtyList: number[] = [];
  private anyDirty = false;

  constructor(capacity = 1024) {
    this.grow(capacity);
  }

  get hasChanges(): boolean {
    return this.anyDirty;
  }

  slotOf(vehicleId: number): number | undefined {
    return this.slots.get(vehicleId);
  }

  /** Writes one vehicle's drawn position (display lon/lat), heading and state; adds it if new. */
  set(vehicleId: number, lon: number, lat: number, course: number, state: VehicleState): void {
    let slot = this.slots.get(vehicleId);
    if (slot === undefined) {
      if (this.count === this.ids.length) this.grow(this.ids.length * 2);
      slot = this.count++;
      this.slots.set(vehicleId, slot);
      this.ids[slot] = vehicleId;
      this.hidden[slot] = 0;
    }
    const x = mercatorX(lon);
    const y = mercatorY(lat);
    this.x[slot] = x;
    this.y[slot] = y;
    this.state[slot] = STATE_INDEX.get(state) ?? 0;
    const o = slot * FLOATS_PER_VEHICLE;
    const d = this.data;
    d[o] = x;
    d[o + 1] = y;
    d[o + 2] = x - d[o];
    d[o + 3] = y - d[o + 1];
    d[o + 4] = course;
    d[o + 5] = this.hidden[slot] ? -1 : this.state[slot];
    this.mark(slot);
  }

  /** Hides (inside a cluster) or shows a slot; only a real change is uploaded. */
  setHidden(slot: number, hidden: boolean): void {
    const flag = hidden ? 1 : 0;
    if (this.hidden[slot] === flag) return;
    this.hidden[slot] = flag;
    this.data[slot * FLOATS_PER_VEHICLE + 5] = hidden ? -1 : this.state[slot];
    this.mark(slot);
  }

  /** The upload runs since the last call; clears the marks. */
  takeDirty(): Array<[number, number]> {
    if (!this.anyDirty) return [];
    const sorted = Int32Array.from(this.dirtyList).sort();
    for (const slot of this.dirtyList) this.dirty[slot] = 0;
    this.dirtyList = [];
    this.anyDirty = false;
    return dirtyRanges(sorted);
  }

  /** Empties the buffer (a new fleet); the arrays are kept. */
  clear(): void {
    this.slots.clear();
    this.count = 0;
    this.dirty.fill(0);
    this.dirtyList = [];
    this.version++;
    this.anyDirty = true; // the draw count changed
  }

  /** Where this vehicle is drawn, in display lon/lat, or null when it is not on the map. */
  lngLat(vehicleId: number): [number, number] | null {
    const slot = this.slots.get(vehicleId);
    if (slot === undefined) return null;
    return [lonFromMercator(this.x[slot]), latFromMercator(this.y[slot])];
  }

  /** The shown vehicle nearest to a mercator point within `radius` (mercator units), or null. */
  hitTest(x: number, y: number, radius: number): number | null {
    let best = -1;
    let bestD = radius * radius;
    for (let i = 0; i < this.count; i++) {
      if (this.hidden[i]) continue;
      const dx = this.x[i] - x;
      const dy = this.y[i] - y;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    return best < 0 ? null : this.ids[best];
  }

  private mark(slot: number) {
    this.version++;
    this.anyDirty = true;
    if (this.dirty[slot]) return;
    this.dirty[slot] = 1;
    this.dirtyList.push(slot);
  }

  private grow(capacity: number) {
    const copy = <T extends Float32Array | Float64Array | Int32Array | Int8Array | Uint8Array>(old: T, next: T): T => {
      next.set(old);
      return next;
    };
    this.data = copy(this.data, new Float32Array(capacity * FLOATS_PER_VEHICLE));
    this.ids = copy(this.ids, new Int32Array(capacity));
    this.x = copy(this.x, new Float64Array(capacity));
    this.y = copy(this.y, new Float64Array(capacity));
    this.state = copy(this.state, new Int8Array(capacity));
    this.hidden = copy(this.hidden, new Uint8Array(capacity));
    this.dirty = copy(this.dirty, new Uint8Array(capacity));
    this.generation++;
  }
}
