/**
 * One-dimensional arrays in PostgreSQL's binary format (what array_recv reads), for parameters:
 * node-postgres binds a Buffer in binary, so a column of a flush's rows goes as one parameter that
 * neither side turns into text and back (issue 33: formatting the latest rows' numbers as array
 * literals was a tenth of the gateway's JavaScript at the real pattern, and PostgreSQL parsed
 * them back digit by digit). Big-endian, as the wire wants; NULL elements allowed.
 */

/** Element type OIDs (pg_type), as array_recv checks them against the parameter's cast. */
export const ELEMENT = {
  bool: 16,
  int8: 20,
  int2: 21,
  text: 25,
  float4: 700,
  float8: 701,
} as const;
type Element = (typeof ELEMENT)[keyof typeof ELEMENT];

const WIDTH: Record<Element, number> = { 16: 1, 20: 8, 21: 2, 25: 0, 700: 4, 701: 8 };
/** ndim, flags, element type, length, lower bound. */
const HEADER = 20;

/**
 * The array of `values(item)` for every item, as `element`: numbers for int8/int2/float4/float8
 * (int8 exact up to 2^53, int2 as the low 16 bits), booleans for bool, strings (UTF-8) for text.
 */
export function binaryArray<T>(items: readonly T[], element: Element, value: (item: T) => number | boolean | string | null): Buffer {
  const n = items.length;
  const values = new Array<number | boolean | string | null>(n);
  const width = WIDTH[element];
  let bytes = HEADER + 4 * n;
  let nulls = false;
  for (let i = 0; i < n; i++) {
    const v = value(items[i]);
    values[i] = v;
    if (v === null) nulls = true;
    else bytes += element === ELEMENT.text ? Buffer.byteLength(v as string) : width;
  }
  const buf = Buffer.allocUnsafe(bytes);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  view.setInt32(0, 1);
  view.setInt32(4, nulls ? 1 : 0);
  view.setInt32(8, element);
  view.setInt32(12, n);
  view.setInt32(16, 1);
  let at = HEADER;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null) {
      view.setInt32(at, -1);
      at += 4;
      continue;
    }
    if (element === ELEMENT.text) {
      const len = buf.write(v as string, at + 4, 'utf8');
      view.setInt32(at, len);
      at += 4 + len;
      continue;
    }
    view.setInt32(at, width);
    at += 4;
    switch (element) {
      case ELEMENT.float8:
        view.setFloat64(at, v as number);
        break;
      case ELEMENT.float4:
        view.setFloat32(at, v as number);
        break;
      case ELEMENT.int8: {
        const high = Math.floor((v as number) / 4294967296);
        view.setInt32(at, high);
        view.setUint32(at + 4, (v as number) - high * 4294967296);
        break;
      }
      case ELEMENT.int2:
        view.setInt16(at, v as number);
        break;
      case ELEMENT.bool:
        view.setUint8(at, v ? 1 : 0);
        break;
    }
    at += width;
  }
  return buf;
}
