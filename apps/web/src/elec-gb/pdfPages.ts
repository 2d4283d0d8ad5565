/**
 * A PDF of whole-page pictures: each page one JPEG drawn over the full page (A4 by default). The
 * label sheet is drawn on a canvas as it is printed, so the PDF needs no fonts or layout of its
 * own — a JPEG goes into a PDF as it is (DCTDecode), and the file is a few objects and an index.
 */

export interface JpegPage {
  /** the JPEG's bytes */
  jpeg: Uint8Array;
  /** its size in pixels */
  width: number;
  height: number;
}

/** A4 in PDF points (1/72 inch). */
export const A4_POINTS = { width: 595.28, height: 841.89 } as const;

const ascii = (text: string) => new TextEncoder().encode(text);

export function pdfOfJpegPages(pages: JpegPage[], size: { width: number; height: number } = A4_POINTS): Uint8Array {
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const put = (bytes: Uint8Array) => {
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, head: string, stream?: Uint8Array) => {
    offsets[id] = length;
    put(ascii(`${id} 0 obj\n${head}\n`));
    if (stream) {
      put(ascii('stream\n'));
      put(stream);
      put(ascii('\nendstream\n'));
    }
    put(ascii('endobj\n'));
  };

  put(ascii('%PDF-1.4\n'));
  // 1: catalogue, 2: page tree, then three objects a page: page, picture, drawing.
  const pageId = (i: number) => 3 + i * 3;
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  const w = size.width.toFixed(2);
  const h = size.height.toFixed(2);
  pages.forEach((p, i) => {
    const id = pageId(i);
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /P ${id + 1} 0 R >> >> /Contents ${id + 2} 0 R >>`,
    );
    object(
      id + 1,
      `<< /Type /XObject /Subtype /Image /Width ${p.width} /Height ${p.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${p.jpeg.length} >>`,
      p.jpeg,
    );
    const draw = ascii(`q ${w} 0 0 ${h} 0 0 cm /P Do Q`);
    object(id + 2, `<< /Length ${draw.length} >>`, draw);
  });

  const count = 3 + pages.length * 3;
  const xref = length;
  put(ascii(`xref\n0 ${count}\n0000000000 65535 f \n`));
  for (let id = 1; id < count; id++) put(ascii(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`));
  put(ascii(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));

  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
