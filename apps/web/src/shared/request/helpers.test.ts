import { describe, expect, it } from 'vitest';
import { exportUrl, toForm } from './helpers.ts';

describe('request helpers', () => {
  it('form-encodes fields, joining arrays and skipping empty values', () => {
    expect(toForm({ a: 1, b: [1, 2, 3], c: undefined, d: null, e: '车' }).toString()).toBe('a=1&b=1%2C2%2C3&e=%E8%BD%A6');
  });
  it('appends the sessionId to export addresses', () => {
    expect(exportUrl('/car/v1/accelerate/export/download.json', { id: 5 }, 's1')).toBe(
      '/car/v1/accelerate/export/download.json?id=5&sessionId=s1',
    );
    expect(exportUrl('/x?y=1', {}, 's2')).toBe('/x?y=1&sessionId=s2');
  });
});
