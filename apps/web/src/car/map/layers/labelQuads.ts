import { FLOATS_PER_VEHICLE } from './vehicleBuffer.ts';

/**
 * Per plate on the GPU: its vehicle's position exactly as the arrow layer has it (mercator high
 * x, y and remainders), then its rectangle in the text atlas (x, y, width, height, device
 * pixels). The shader hangs the rectangle below the position, snapped to whole pixels.
 */
export const FLOATS_PER_LABEL = 8;

export interface AtlasRect {
  x: number;
  y: number;
  raster: { width: number; height: number };
}

/** Writes each plate's atlas rectangle; positions follow with `copyLabelPositions`. */
export function writeLabelRects(out: Float32Array, rects: readonly AtlasRect[]): void {
  rects.forEach((r, i) => {
    const o = i * FLOATS_PER_LABEL + 4;
    out[o] = r.x;
    out[o + 1] = r.y;
    out[o + 2] = r.raster.width;
    out[o + 3] = r.raster.height;
  });
}

/**
 * Copies the labelled vehicles' current positions from the arrow layer's instance data, so a
 * plate moves with its arrow in the same frame, with no refresh of the selection. (Any instance
 * data that starts with the four position floats will do, given its stride: cluster counts.)
 */
export function copyLabelPositions(
  out: Float32Array,
  slots: ArrayLike<number>,
  vehicleData: Float32Array,
  stride = FLOATS_PER_VEHICLE,
): void {
  for (let i = 0; i < slots.length; i++) {
    const from = slots[i] * stride;
    const to = i * FLOATS_PER_LABEL;
    out[to] = vehicleData[from];
    out[to + 1] = vehicleData[from + 1];
    out[to + 2] = vehicleData[from + 2];
    out[to + 3] = vehicleData[from + 3];
  }
}
