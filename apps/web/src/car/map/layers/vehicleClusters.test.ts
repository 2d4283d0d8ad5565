import { describe, expect, it } from 'vitest';
import { VehicleBuffer } from './vehicleBuffer.ts';
import { clusterFeatures, clusterOnGrid, unclusterAll } from './vehicleClusters.ts';

describe('grid clusters', () => {
  it('clusters vehicles sharing a cell, hides their arrows, and leaves a lone vehicle an arrow', () => {
    const b = new VehicleBuffer(8);
    b.set(1, 114.05, 22.55, 0, 'moving');
    b.set(2, 114.06, 22.54, 0, 'alarm');
    b.set(3, 114.055, 22.545, 0, 'stopped');
    b.set(4, 121.47, 31.23, 0, 'moving'); // Shanghai, alone
    const clusters = clusterOnGrid(b, 512 * 2 ** 5, 64);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 3, alarm: 1 });
    expect([...b.hidden.subarray(0, 4)]).toEqual([1, 1, 1, 0]);
    const [feature] = clusterFeatures(clusters);
    expect(feature.properties).toEqual({ point_count: 3, point_count_abbreviated: '3', alarm: 1 });
    const [lon, lat] = feature.geometry.coordinates;
    expect(lon).toBeCloseTo(114.055, 3);
    expect(lat).toBeGreaterThan(22.54);
    expect(lat).toBeLessThan(22.55);
  });

  it('splits a cluster when zoomed in, and shows every arrow past clustering', () => {
    const b = new VehicleBuffer(4);
    b.set(1, 114.05, 22.55, 0, 'moving');
    b.set(2, 114.15, 22.55, 0, 'moving');
    expect(clusterOnGrid(b, 512 * 2 ** 4, 64)).toHaveLength(1);
    expect(clusterOnGrid(b, 512 * 2 ** 11, 64)).toHaveLength(0);
    expect([...b.hidden.subarray(0, 2)]).toEqual([0, 0]);
    clusterOnGrid(b, 512 * 2 ** 4, 64);
    unclusterAll(b);
    expect([...b.hidden.subarray(0, 2)]).toEqual([0, 0]);
  });

  it('abbreviates large counts like MapLibre does', () => {
    const props = clusterFeatures([{ x: 0.5, y: 0.5, count: 12_345, alarm: 0, key: 1 }, { x: 0.5, y: 0.5, count: 1500, alarm: 0, key: 2 }]).map((f) => f.properties!.point_count_abbreviated);
    expect(props).toEqual(['12k', '1.5k']);
  });
});
