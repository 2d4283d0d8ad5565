/**
 * A search box's text as a LIKE/ILIKE pattern. Every keyword filter goes through this file: the
 * text is trimmed, and `\`, `%` and `_` are escaped with PostgreSQL's default escape character
 * (`\`), so what was typed is searched for literally, never as a wildcard. Null when nothing was
 * typed, so a query's `$n::text IS NULL OR …` lets everything through.
 */
export function likeText(keyword: string | null | undefined): string | null {
  const text = keyword?.trim();
  return text ? text.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
}

/** The pattern of a "contains" search, `%…%` around the escaped text (`col ILIKE $2`); null when nothing was typed. */
export function containsPattern(keyword: string | null | undefined): string | null {
  const text = likeText(keyword);
  return text && `%${text}%`;
}
