import { describe, expect, it } from 'vitest';
import { fenOf, yuan } from './money.ts';

describe('yuan ⇄ fen', () => {
  it('reads typed yuan as whole fen without floating point', () => {
    expect(fenOf('0.1')).toBe(10);
    expect(fenOf('19.99')).toBe(1999);
    expect(fenOf(88)).toBe(8800);
    expect(fenOf('1234567.89')).toBe(123456789);
    for (const bad of ['1.234', '-1', 'abc', '1e3', '']) expect(fenOf(bad), bad).toBe(null);
  });
  it('shows fen as yuan with two decimals', () => {
    expect(yuan(3771)).toBe('37.71');
    expect(yuan(0)).toBe('0.00');
  });
});
