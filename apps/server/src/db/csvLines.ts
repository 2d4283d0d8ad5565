/**
 * Many rows' COPY text as bytes in one buffer. Each row's string is dropped as soon as it is
 * written, where a list of row strings joined at the end stays alive until the batch is sent and
 * makes the young-generation collector copy it again and again.
 */
export function csvLines<T>(rows: readonly T[], line: (row: T) => string): Buffer<ArrayBuffer> {
  let buf = Buffer.allocUnsafe(rows.length * 128 + 64);
  let pos = 0;
  for (let i = 0; i < rows.length; i++) {
    const text = line(rows[i]);
    const most = text.length * 3 + 1; // UTF-8 needs at most 3 bytes per UTF-16 unit
    if (pos + most > buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, pos + most));
      buf.copy(bigger, 0, 0, pos);
      buf = bigger;
    }
    pos += buf.write(text, pos, 'utf8');
    buf[pos++] = 0x0a;
  }
  return buf.subarray(0, pos);
}
