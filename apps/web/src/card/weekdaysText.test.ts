import { describe, expect, it } from 'vitest';
import { weekdaysText } from './weekdaysText.ts';

describe('weekdaysText', () => {
  it('writes a run of three or more days as one span, every day as 每天', () => {
    expect(weekdaysText([1, 2, 3, 4, 5])).toBe('周一至周五');
    expect(weekdaysText([7, 6, 5, 4, 3, 2, 1])).toBe('每天');
    expect(weekdaysText([1, 2, 3, 5, 6])).toBe('周一至周三、周五、周六');
  });

  it('names lone days one by one, and none as a dash', () => {
    expect(weekdaysText([1, 3, 5])).toBe('周一、周三、周五');
    expect(weekdaysText([6, 7])).toBe('周六、周日');
    expect(weekdaysText([])).toBe('—');
  });
});
