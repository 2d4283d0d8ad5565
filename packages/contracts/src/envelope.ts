/** The API envelope of spec §3: code (0 or absent = success), flag (1 success, 4010 expired), msg, obj. */
export interface Envelope<T = unknown> {
  code?: number;
  flag: number;
  msg: string;
  obj: T;
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

/** current (from 1) and pageSize of a paged query. */
export type PageParams = { current?: number; pageSize?: number };
