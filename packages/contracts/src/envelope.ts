/**
 * The API envelope of spec §3: code (0 or absent = success; a failure's HTTP status when ≥ 400),
 * flag (1 success, 4010 expired), msg, obj. A failure also carries `errorCode`, its stable code
 * from the error catalogues (errors.ts), which a client written against the spec may ignore.
 */
export interface Envelope<T = unknown> {
  code?: number;
  flag: number;
  msg: string;
  obj: T;
  errorCode?: string;
}

export const FLAG_SUCCESS = 1;
export const FLAG_FAILURE = 0;
export const FLAG_SESSION_EXPIRED = 4010;

/** Pagination defaults of spec §3/§9. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

export interface Page<T> {
  total: number;
  current: number;
  pageSize: number;
  list: T[];
}
