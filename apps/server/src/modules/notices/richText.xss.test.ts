import { describe, expect, it } from 'vitest';
import { ACTIVE_MARKUP, XSS_CASES } from '../../testing/xssCases.ts';
import { sanitizeRichText } from './richText.ts';

describe('rich text against the OWASP XSS filter-evasion cases', () => {
  it.each(XSS_CASES.map((html, i) => [i + 1, html]))('case %i keeps nothing active', (_n, html) => {
    const clean = sanitizeRichText(html as string);
    expect(clean).not.toMatch(ACTIVE_MARKUP);
    // and what is left is stable: sanitising again changes nothing (no mutation XSS)
    expect(sanitizeRichText(clean)).toBe(clean);
  });
});
