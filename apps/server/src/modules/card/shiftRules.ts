import type { Queryable } from '../../db/types.ts';
import type { ShiftRule } from './attendance.ts';
import { shiftRule } from './card.presenter.ts';
import { setupQueries } from './setup.queries.ts';

/** The rules of these shifts, loaded in one statement (a list of 500 people names a handful). */
export async function shiftRules(q: Queryable, ids: ReadonlyArray<number | null>): Promise<Map<number, ShiftRule>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null).map(Number))];
  if (!wanted.length) return new Map();
  return new Map((await setupQueries.shiftsByIds(q, wanted)).map((s) => [s.id, shiftRule(s)]));
}

/** The rule of one shift (a person's live state); null id: none. */
export async function ruleOf(q: Queryable, shiftId: number | null): Promise<ShiftRule | undefined> {
  return (await shiftRules(q, [shiftId])).get(Number(shiftId));
}
