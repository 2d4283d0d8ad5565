/**
 * A search box's text for a LIKE/ILIKE pattern: `\`, `%` and `_` escaped with PostgreSQL's
 * default escape character (`\`), so what was typed is searched for literally, never as a wildcard.
 * Null when nothing was typed. Every keyword filter goes through this one function.
 */
export function likeText(keyword: string | null | undefined): string | null {
  const text = keyword?.trim();
  return text ? text.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
}
