import { describe, expect, it } from 'vitest';
import { A4_POINTS, pdfOfJpegPages } from './pdfPages.ts';

const latin = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('a PDF of page pictures', () => {
  it('has one A4 page a picture, each JPEG as it is, and an index whose every offset opens its object', () => {
    // Not real JPEGs: the writer copies the bytes, whatever they are (0xFF, newlines and all).
    const pages = [
      { jpeg: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 10, 13, 0x25, 0xff, 0xd9]), width: 1240, height: 1754 },
      { jpeg: Uint8Array.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]), width: 620, height: 877 },
    ];
    const pdf = pdfOfJpegPages(pages);
    const text = latin(pdf);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('/Type /Pages /Kids [3 0 R 6 0 R] /Count 2');
    expect(text.match(/\/Type \/Page /g)).toHaveLength(2);
    expect(text).toContain(`/MediaBox [0 0 ${A4_POINTS.width.toFixed(2)} ${A4_POINTS.height.toFixed(2)}]`);
    expect(text).toContain('/Width 1240 /Height 1754 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length 9');
    for (const p of pages) expect(text).toContain(`stream\n${latin(p.jpeg)}\nendstream`);

    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const [, size] = /xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
    expect(Number(size)).toBe(3 + pages.length * 3);
    const entries = text
      .slice(startxref)
      .split('\n')
      .slice(3, 3 + Number(size) - 1);
    entries.forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toContain('/Size 9 /Root 1 0 R');
  });
});
