/** A sheet's rows as an import checked them: what ImportCheckResult shows, whichever sheet it was. */
export interface ImportRowVerdict {
  /** the row's number in the sheet (header = 1) */
  row: number;
  ok: boolean;
  /** in Chinese, empty when ok */
  errors: string[];
}

export interface ImportCheck<R extends ImportRowVerdict> {
  total: number;
  valid: number;
  invalid: number;
  rows: R[];
}

/** The counts of an answer that sends only its rows (the card's staff import). */
export function importCheckOf<R extends ImportRowVerdict>(rows: R[]): ImportCheck<R> {
  const invalid = rows.filter((r) => !r.ok).length;
  return { total: rows.length, valid: rows.length - invalid, invalid, rows };
}
