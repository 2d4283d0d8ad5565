import { describe, expect, it } from 'vitest';
import type { ResourceNode } from '@chelian/contracts';
import { grantable, indexTree, toggle } from './resourceChecks.ts';

const node = (id: number, children: ResourceNode[] = []): ResourceNode => ({
  id,
  name: String(id),
  type: children.length ? 1 : 3,
  code: String(id),
  path: '',
  icon: '',
  platformId: 8,
  parentId: 0,
  sort: 0,
  children,
});
const tree = [node(8000, [node(8001), node(8004, [node(800401)]), node(8005, [node(800501)])])];

describe('role resource checks', () => {
  const index = indexTree(tree);
  it('checking a button grants its menu and the sub-product above it', () => {
    expect([...toggle(index, new Set(), 800401, true)].sort()).toEqual([800401, 8000, 8004].sort());
  });
  it('checking a sub-product grants everything in it; unchecking a menu takes its buttons with it', () => {
    const all = toggle(index, new Set(), 8000, true);
    expect(all.size).toBe(6);
    expect([...toggle(index, all, 8004, false)].sort()).toEqual([8000, 8001, 8005, 800501].sort());
  });
  it('keeps a menu without its buttons, and drops ids the caller cannot grant', () => {
    const menuOnly = toggle(index, new Set([8000, 8005, 800501]), 800501, false);
    expect([...menuOnly].sort()).toEqual([8000, 8005]);
    expect(grantable(index, new Set([8001, 9999]))).toEqual([8001]);
  });
});
