import { describe, expect, it } from 'vitest';
import { containsPattern, likeText } from './likeText.ts';

describe('search patterns', () => {
  it('escapes the wildcards and the escape character, so typed text is searched for as it reads', () => {
    expect(likeText('粤B_1%2\\3')).toBe('粤B\\_1\\%2\\\\3');
    expect(containsPattern(' 粤B_1%2\\3 ')).toBe('%粤B\\_1\\%2\\\\3%');
    expect(containsPattern('粤B123')).toBe('%粤B123%');
  });

  it('is null when nothing was typed', () => {
    for (const empty of [undefined, null, '', '   ']) {
      expect(likeText(empty)).toBeNull();
      expect(containsPattern(empty)).toBeNull();
    }
  });
});
