/** Money is integer fen on the wire; the page shows and takes yuan. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** A yuan amount typed in a form ('12.3', 12.34) as whole fen, or null when it is not one (more than two decimals, negative). */
export function fenOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
