import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/types.ts';
import { shownToKinds, TerminalKinds } from './terminalKinds.ts';

/** A database answering each terminal's kind from `kinds`, counting the statements it ran. */
function fakeDb(kinds: Record<string, string | null>, fail = false) {
  const asked: string[][] = [];
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      const ids = params[0] as string[];
      asked.push(ids);
      if (fail) throw new Error('database down');
      return ids.filter((id) => id in kinds).map((identifier) => ({ identifier, kind: kinds[identifier] }));
    },
  } as unknown as Queryable;
  return { db, asked };
}

describe('TerminalKinds', () => {
  it('reads the terminals first seen in one tick in one statement, then answers from memory', async () => {
    const { db, asked } = fakeDb({ '013800000001': 'vehicle', '013800000002': 'badge', '013800000003': null });
    const kinds = new TerminalKinds(db);
    const read = await Promise.all(['013800000001', '013800000002', '013800000003', '013800000009'].map((id) => kinds.kindOf(id)));
    expect(read).toEqual(['vehicle', 'badge', null, null]);
    expect(asked).toHaveLength(1);
    expect(kinds.kindOf('013800000002')).toBe('badge'); // known: no promise, no statement
    expect(asked).toHaveLength(1);
    kinds.clear();
    expect(await kinds.kindOf('013800000002')).toBe('badge');
    expect(asked).toHaveLength(2);
  });

  it('reads a kind again once it is five minutes old', async () => {
    const { db, asked } = fakeDb({ '013800000001': 'vehicle' });
    const kinds = new TerminalKinds(db);
    await kinds.kindOf('013800000001');
    expect(kinds.kindOf('013800000001', Date.now() + 4 * 60_000)).toBe('vehicle');
    expect(await kinds.kindOf('013800000001', Date.now() + 6 * 60_000)).toBe('vehicle');
    expect(asked).toHaveLength(2);
  });

  it('fails the askers of a read that failed and remembers nothing of it', async () => {
    const { db, asked } = fakeDb({}, true);
    const kinds = new TerminalKinds(db);
    await expect(kinds.kindOf('013800000001')).rejects.toThrow('database down');
    await expect(kinds.kindOf('013800000001')).rejects.toThrow('database down');
    expect(asked).toHaveLength(2);
  });
});

describe('shownToKinds', () => {
  const car = ['vehicle', 'ebike'] as const;
  it('shows a sub-product the alarms its lists list: of its kinds, and of a terminal in no asset where vehicles are listed', () => {
    expect(shownToKinds(car, 'alarm', 'ebike')).toBe(true);
    expect(shownToKinds(car, 'alarm', 'badge')).toBe(false);
    expect(shownToKinds(car, 'alarm', null)).toBe(true);
    expect(shownToKinds(['badge'], 'alarm', null)).toBe(false);
    expect(shownToKinds(['ebike'], 'alarm', null)).toBe(false);
  });

  it('shows it the positions and presence of its kinds and of terminals in no asset, as its monitor lists them', () => {
    expect(shownToKinds(car, 'position', 'vehicle')).toBe(true);
    expect(shownToKinds(car, 'position', null)).toBe(true);
    expect(shownToKinds(car, 'presence', 'pet')).toBe(false);
  });
});
