import { describe, expect, it } from 'vitest';
import { FLOATS_PER_LABEL, copyLabelPositions, writeLabelRects } from './labelQuads.ts';
import { VehicleBuffer } from './vehicleBuffer.ts';

describe('plate label instances', () => {
  it("carry the labelled vehicles' arrow positions and their atlas rectangles, and follow a move", () => {
    const b = new VehicleBuffer(4);
    b.set(1, 114.05, 22.55, 0, 'moving');
    b.set(2, 114.06, 22.54, 90, 'alarm');
    b.set(3, 114.07, 22.53, 0, 'stopped');
    const slots = [b.slotOf(3)!, b.slotOf(1)!];
    const out = new Float32Array(slots.length * FLOATS_PER_LABEL);
    writeLabelRects(out, [
      { x: 0, y: 20, raster: { width: 58, height: 19 } },
      { x: 59, y: 20, raster: { width: 60, height: 19 } },
    ]);
    copyLabelPositions(out, slots, b.data);
    expect([...out.subarray(0, 8)]).toEqual([...b.data.subarray(12, 16), 0, 20, 58, 19]);
    expect([...out.subarray(8, 16)]).toEqual([...b.data.subarray(0, 4), 59, 20, 60, 19]);
    b.set(3, 114.08, 22.52, 0, 'moving');
    copyLabelPositions(out, slots, b.data);
    expect([...out.subarray(0, 4)]).toEqual([...b.data.subarray(12, 16)]);
    expect(out[4]).toBe(0); // the rectangle stays
  });
});
