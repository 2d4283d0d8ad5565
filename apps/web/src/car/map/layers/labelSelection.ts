import type { VehicleBuffer } from './vehicleBuffer.ts';

/** What the selection needs of the camera, in CSS pixels. */
export interface LabelCamera {
  /** the map's centre, mercator 0..1 */
  centerX: number;
  centerY: number;
  /** 512 · 2^zoom */
  worldSize: number;
  /** radians, as MapLibre's bearing */
  bearing: number;
  width: number;
  height: number;
}

/** How much room a plate needs, in CSS pixels (every plate hangs the same distance below its vehicle). */
export interface LabelBox {
  height: number;
  /** kept clear around each plate */
  padding: number;
}

/** At most one candidate per cell of this size (world pixels) before the overlap test. */
const CANDIDATE_CELL_PX: [number, number] = [90, 36];
/** The grid the overlap test files accepted plates in. */
const GRID_CELL_W = 128;

/**
 * Which vehicles get a plate now: the shown ones (not inside a cluster) in view padded by a
 * quarter screen, thinned to one candidate per label-sized cell of the world (stable while the
 * map pans), then placed greedily in slot order so no two plates overlap on screen, like
 * MapLibre's symbol placement did. `widthOf(slot)` is the plate's width in CSS pixels, or
 * undefined to leave it out this time. One pass over the typed arrays: cheap enough for every
 * camera move.
 */
export function selectLabels(
  vehicles: VehicleBuffer,
  camera: LabelCamera,
  box: LabelBox,
  widthOf: (slot: number) => number | undefined,
): number[] {
  const { centerX, centerY, worldSize, width, height } = camera;
  const cos = Math.cos(camera.bearing);
  const sin = Math.sin(camera.bearing);
  const halfW = width * 0.75;
  const halfH = height * 0.75;
  const cellsX = worldSize / CANDIDATE_CELL_PX[0];
  const cellsY = worldSize / CANDIDATE_CELL_PX[1];
  const rowH = box.height + box.padding;
  const candidates = new Set<number>();
  const accepted = new Map<number, Array<{ sx: number; sy: number; w: number }>>(); // grid cell → plates
  let widest = 0;
  const out: number[] = [];
  for (let i = 0; i < vehicles.count; i++) {
    if (vehicles.hidden[i]) continue;
    const dx = (vehicles.x[i] - centerX) * worldSize;
    const dy = (vehicles.y[i] - centerY) * worldSize;
    const sx = dx * cos + dy * sin;
    const sy = dy * cos - dx * sin;
    if (sx < -halfW || sx > halfW || sy < -halfH || sy > halfH) continue;
    const cell = Math.floor(vehicles.x[i] * cellsX) * Math.ceil(cellsY) + Math.floor(vehicles.y[i] * cellsY);
    if (candidates.has(cell)) continue;
    candidates.add(cell);
    const w = widthOf(i);
    if (w === undefined) continue;
    const gx = Math.floor(sx / GRID_CELL_W);
    const gy = Math.floor(sy / rowH);
    const reach = Math.ceil((Math.max(w, widest) + box.padding) / GRID_CELL_W);
    let free = true;
    for (let x = gx - reach; free && x <= gx + reach; x++) {
      for (let y = gy - 1; free && y <= gy + 1; y++) {
        for (const p of accepted.get(x * 65_536 + y) ?? []) {
          if (Math.abs(p.sx - sx) < (p.w + w) / 2 + box.padding && Math.abs(p.sy - sy) < rowH) {
            free = false;
            break;
          }
        }
      }
    }
    if (!free) continue;
    const key = gx * 65_536 + gy;
    const list = accepted.get(key);
    if (list) list.push({ sx, sy, w });
    else accepted.set(key, [{ sx, sy, w }]);
    widest = Math.max(widest, w);
    out.push(i);
  }
  return out;
}
