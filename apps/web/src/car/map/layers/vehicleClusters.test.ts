import { describe, expect, it } from 'vitest';
import { VehicleBuffer } from './vehicleBuffer.ts';
import { FLOATS_PER_CLUSTER, abbreviated, clusterAt, clusterInstances, clusterOnGrid, unclusterAll } from './vehicleClusters.ts';

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
    const lon = clusters[0].x * 360 - 180;
    expect(lon).toBeCloseTo(114.055, 3);
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
    expect([3, 999, 1500, 12_345].map(abbreviated)).toEqual(['3', '999', '1.5k', '12k']);
  });

  it('draws each cluster at its mean position with a radius by count and a wider ring when it holds an alarm', () => {
    const clusters = [
      { x: 0.8168, y: 0.4463, count: 3, alarm: 1, key: 1 },
      { x: 0.8, y: 0.4, count: 1234, alarm: 0, key: 2 },
    ];
    const data = clusterInstances(clusters);
    expect(data).toHaveLength(2 * FLOATS_PER_CLUSTER);
    expect(data[0] + data[2]).toBeCloseTo(0.8168, 12); // high + remainder: the float64 position
    expect([...data.subarray(4, 7)]).toEqual([14, 3.5, 1]);
    expect([...data.subarray(FLOATS_PER_CLUSTER + 4, FLOATS_PER_CLUSTER + 7)]).toEqual([26, 2, 0]);
  });

  it('finds the cluster under a click, its ring included', () => {
    const worldSize = 512 * 2 ** 10;
    const c = { x: 0.8, y: 0.4, count: 50, alarm: 0, key: 7 }; // 17 px radius, 2 px ring
    expect(clusterAt([c], 0.8 + 18 / worldSize, 0.4, worldSize)).toBe(c);
    expect(clusterAt([c], 0.8 + 20 / worldSize, 0.4, worldSize)).toBeNull();
  });
});
