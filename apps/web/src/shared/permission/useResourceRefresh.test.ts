import { describe, expect, it } from 'vitest';
import type { ResourceNode } from '@chelian/contracts';
import { sameResources } from './useResourceRefresh.ts';

const node = (id: number, code: string, children: ResourceNode[] = []): ResourceNode => ({ id, code, children }) as unknown as ResourceNode;

describe('whether a role still grants the same', () => {
  it('sees a button granted or taken deep in the tree', () => {
    const before = [node(8000, 'car', [node(8004, 'car:alarm', [node(800401, 'car:alarm:process')])])];
    expect(sameResources(before, [node(8000, 'car', [node(8004, 'car:alarm', [node(800401, 'car:alarm:process')])])])).toBe(true);
    expect(sameResources(before, [node(8000, 'car', [node(8004, 'car:alarm')])])).toBe(false);
    expect(sameResources(before, [...before, node(12000, 'system')])).toBe(false);
  });
});
