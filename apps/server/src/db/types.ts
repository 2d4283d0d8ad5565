/** The one query interface both engines implement. SQL lives only in *.queries.ts files. */
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements (no parameters): migrations. */
  exec(sql: string): Promise<void>;
}

/**
 * Statements run at every ingest flush or every second, by their text: on PostgreSQL each is parsed and planned
 * once per connection (a named statement) instead of at every run (issue 33: the latest-position
 * upsert's parse and plan were a fifth of what PostgreSQL spent on a small flush). Only for
 * statements whose tables no migration changes while servers run. Behind PgBouncer in transaction
 * mode this needs its max_prepared_statements (1.21 or later).
 */
const preparedNames = new Map<string, string>();
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `chelian_${preparedNames.size + 1}`);
  return sql;
}
export const preparedName = (sql: string): string | undefined => preparedNames.get(sql);

/** What COPY can take: rows of values (written as CSV text), CSV lines already made, or bytes in PostgreSQL's binary COPY format (header and trailer included). */
export type CopyData = unknown[][] | string | Uint8Array;

/** A connection that can also bulk insert: the database itself, or one transaction. */
export interface CopyQueryable extends Queryable {
  /** Bulk insert with COPY … FROM STDIN. */
  copyRows(table: string, columns: string[], rows: CopyData): Promise<void>;
}

export interface Db extends CopyQueryable {
  readonly engine: 'pglite' | 'postgres';
  one<T = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  tx<T>(fn: (q: CopyQueryable) => Promise<T>): Promise<T>;
  /**
   * A query's rows `batch` at a time through a server-side cursor: memory holds one batch, never
   * the whole result (exports of a million rows). Stopping early closes the cursor.
   */
  cursor<T = Row>(sql: string, params: unknown[], batch: number): AsyncGenerator<T[]>;
  close(): Promise<void>;
  /** The connection pool's use right now (PostgreSQL; PGlite has one connection and no pool): the /metrics gauge. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** Statements sent and not yet answered, or waiting for a connection (the gateway does not pause the loop while any are: gateway/wakeSharing.ts). */
  inFlight?(): number;
}

/** Encodes one value as a CSV field for COPY (NULL is an unquoted empty field). */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return /[",\n\r]/.test(text) || text === '' ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: unknown[][]): string {
  let out = '';
  for (const row of rows) out += row.map(csvField).join(',') + '\n';
  return out;
}

/** The COPY statement for what copyRows was given. */
export const copySql = (table: string, columns: string[], source: string, rows: CopyData) =>
  `COPY ${table} (${columns.join(',')}) FROM ${source} WITH (FORMAT ${copyFormat(rows)})`;

/** COPY's FORMAT option for what copyRows was given. */
export const copyFormat = (rows: CopyData) => (rows instanceof Uint8Array ? 'binary' : 'csv');

/** The payload copyRows sends. */
export const copyPayload = (rows: CopyData): string | Uint8Array =>
  typeof rows === 'string' || rows instanceof Uint8Array ? rows : toCsv(rows);
