import { describe, expect, it } from 'vitest';
import { carKindOf, vehicleTypeOf } from './assets.ts';

describe('vehicleTypeOf: a vehicle type by its code or its Chinese name', () => {
  it('takes the code, the name and a former name', () => {
    expect(vehicleTypeOf('ebike')).toBe('ebike');
    expect(vehicleTypeOf('电单车')).toBe('ebike');
    expect(vehicleTypeOf('电动车')).toBe('ebike');
    expect(vehicleTypeOf('工牌')).toBe('badge');
  });

  it("knows no other word, an inherited name of the records neither (it was stored as a vehicle's type)", () => {
    for (const word of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'car', ''])
      expect(vehicleTypeOf(word), word).toBeUndefined();
    expect(carKindOf('toString')).toBeUndefined();
  });
});
