import { describe, expect, it } from 'vitest';
import { labelPoint, labelPoints } from './basemapLabels.ts';

describe('basemap labels', () => {
  it('puts the label inside a concave shape, in its largest part', () => {
    // a U: its centre (2, 2) lies in the notch, outside the shape
    const u = [
      [0, 0],
      [4, 0],
      [4, 4],
      [3, 4],
      [3, 1],
      [1, 1],
      [1, 4],
      [0, 4],
      [0, 0],
    ];
    const [x, y] = labelPoint([u])!;
    expect(y < 1 || x < 1 || x > 3).toBe(true);
    const island = [
      [10, 10],
      [10.1, 10],
      [10.1, 10.1],
      [10, 10.1],
      [10, 10],
    ];
    expect(labelPoint([island, u])![0]).toBeLessThan(5);
  });

  it('gives each named region one label', () => {
    const fc = {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          properties: { name: '海南省' },
          geometry: {
            type: 'MultiPolygon' as const,
            coordinates: [
              [
                [
                  [0, 0],
                  [2, 0],
                  [2, 2],
                  [0, 2],
                  [0, 0],
                ],
              ],
              [
                [
                  [5, 5],
                  [5.1, 5],
                  [5.1, 5.1],
                  [5, 5],
                ],
              ],
            ],
          },
        },
        {
          type: 'Feature' as const,
          properties: {},
          geometry: {
            type: 'Polygon' as const,
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 0],
              ],
            ],
          },
        },
      ],
    };
    const labels = labelPoints(fc, 'province');
    expect(labels).toHaveLength(1);
    expect(labels[0].geometry.coordinates).toEqual([1, 1]);
  });
});
