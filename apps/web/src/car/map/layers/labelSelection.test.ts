import { describe, expect, it } from 'vitest';
import { selectLabels, type LabelCamera } from './labelSelection.ts';
import { VehicleBuffer, mercatorX, mercatorY } from './vehicleBuffer.ts';

const ZOOM = 14;
const worldSize = 512 * 2 ** ZOOM;
const camera = (bearing = 0): LabelCamera => ({
  centerX: mercatorX(114.05),
  centerY: mercatorY(22.55),
  worldSize,
  bearing,
  width: 1000,
  height: 600,
});
const box = { height: 16, padding: 1 };
/** a point `px` CSS pixels east and `py` south of the centre at ZOOM */
const lonAt = (px: number) => 114.05 + (px / worldSize) * 360;
const latAt = (py: number) => 22.55 - (py / worldSize) * 360 * Math.cos((22.55 * Math.PI) / 180);
const ids = (b: VehicleBuffer, slots: number[]) => slots.map((s) => b.ids[s]);

describe('plate label selection', () => {
  it('labels the shown vehicles in view, one per label-sized cell', () => {
    const b = new VehicleBuffer(8);
    b.set(1, lonAt(0), latAt(0), 0, 'moving');
    b.set(2, lonAt(0.1), latAt(0), 0, 'moving'); // a fraction of a pixel away: the same cell as 1
    b.set(3, lonAt(200), latAt(100), 0, 'stopped');
    b.set(4, 121.47, 31.23, 0, 'moving'); // Shanghai, out of view
    b.set(5, lonAt(700), latAt(0), 0, 'moving'); // past the right edge but within the quarter-screen margin
    expect(
      ids(
        b,
        selectLabels(b, camera(), box, () => 60),
      ),
    ).toEqual([1, 3, 5]);
    b.setHidden(b.slotOf(1)!, true); // inside a cluster
    expect(
      ids(
        b,
        selectLabels(b, camera(), box, () => 60),
      ),
    ).toEqual([2, 3, 5]);
  });

  it('leaves out a plate that would overlap one already placed, and keeps one that clears it', () => {
    const b = new VehicleBuffer(8);
    b.set(1, lonAt(0), latAt(0), 0, 'moving');
    b.set(2, lonAt(95), latAt(5), 0, 'moving'); // the next cell, 95 px away: two 60-px plates clear each other
    b.set(3, lonAt(40), latAt(40), 0, 'moving'); // 40 px right and below 1: clear of it (16 px tall)
    b.set(4, lonAt(140), latAt(12), 0, 'moving'); // 45 px right of 2, 7 px lower: overlaps 2
    expect(
      ids(
        b,
        selectLabels(b, camera(), box, () => 60),
      ),
    ).toEqual([1, 2, 3]);
    // a wide plate (a long vehicle name) reaches 2, which then leaves room for 4
    expect(
      ids(
        b,
        selectLabels(b, camera(), box, (slot) => (slot === 0 ? 200 : 60)),
      ),
    ).toEqual([1, 3, 4]);
  });

  it('skips what it cannot measure yet', () => {
    const b = new VehicleBuffer(4);
    b.set(1, lonAt(0), latAt(0), 0, 'moving');
    b.set(2, lonAt(300), latAt(0), 0, 'moving');
    expect(
      ids(
        b,
        selectLabels(b, camera(), box, (slot) => (slot === 0 ? undefined : 60)),
      ),
    ).toEqual([2]);
  });

  it('tests view and overlap on screen, after the map is rotated', () => {
    const b = new VehicleBuffer(4);
    b.set(1, lonAt(0), latAt(0), 0, 'moving');
    b.set(2, lonAt(0), latAt(-600), 0, 'moving'); // 600 px north: out of a 600-px-tall view, in a rotated one's width
    expect(
      ids(
        b,
        selectLabels(b, camera(), box, () => 60),
      ),
    ).toEqual([1]);
    expect(
      ids(
        b,
        selectLabels(b, camera(Math.PI / 2), box, () => 60),
      ),
    ).toEqual([1, 2]);
  });
});
