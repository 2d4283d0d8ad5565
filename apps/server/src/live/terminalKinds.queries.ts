import type { AssetKind } from '@chelian/contracts';
import type { Queryable } from '../db/types.ts';
import { terminalKind } from '../core/assetKinds.ts';

export const terminalKindsQueries = {
  /** The kind of the asset each terminal sits in (null: in none), by identifier; an unknown identifier has no row. */
  kindsOf: (q: Queryable, identifiers: readonly string[]) =>
    q.query<{ identifier: string; kind: AssetKind | null }>(
      `SELECT t.identifier, ${terminalKind('t')} AS kind FROM terminals t WHERE t.identifier = ANY($1::text[])`,
      [identifiers],
    ),
};
