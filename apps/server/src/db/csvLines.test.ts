import { describe, expect, it } from 'vitest';
import { csvLines } from './csvLines.ts';

describe('csvLines', () => {
  it('writes each line and its newline as UTF-8, growing past its first guess', () => {
    // Lines far longer than the 128 bytes per row first allotted, with 3-byte characters.
    const rows = Array.from({ length: 50 }, (_, i) => `${i},"京A·${'测试'.repeat(i * 10)}","a""b"`);
    const bytes = csvLines(rows, (r) => r);
    expect(Buffer.from(bytes).toString('utf8')).toBe(`${rows.join('\n')}\n`);
  });

  it('is empty for no rows', () => {
    expect(csvLines([], String).length).toBe(0);
  });
});
