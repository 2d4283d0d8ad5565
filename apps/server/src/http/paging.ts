import { Type, type TSchema, type TProperties } from 'typebox';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@chelian/contracts';

/** current/pageSize with the spec's defaults (1 and 10). */
export const PageQuery = Type.Object({
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: DEFAULT_PAGE })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
});

export function pageWindow(q: { current?: number; pageSize?: number }) {
  const current = q.current ?? DEFAULT_PAGE;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return { current, pageSize, sql: { limit: pageSize, offset: (current - 1) * pageSize } };
}

/** { total, current, pageSize, list } plus any extra summary fields. */
export function pageSchema<Item extends TSchema, Extra extends TProperties = Record<never, never>>(item: Item, extra: Extra = {} as Extra) {
  return Type.Object({ total: Type.Integer(), current: Type.Integer(), pageSize: Type.Integer(), list: Type.Array(item), ...extra });
}
