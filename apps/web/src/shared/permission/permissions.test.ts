import { describe, expect, it } from 'vitest';
import type { ResourceNode } from '@chelian/contracts';
import { buttonsUnder, collectPermissions, filterMenu, hasButton, hasMenu, menuNodes } from './permissions.ts';
import { checkMenuAccess } from './routeGuard.ts';

function node(id: number, type: number, code: string, children: ResourceNode[] = [], platformId = 8): ResourceNode {
  return { id, name: code, type, code, path: '', icon: '', platformId, parentId: 0, sort: 0, children };
}

const tree: ResourceNode[] = [
  node(0, 0, 'group', [node(10, 1, 'car:monitor', [node(11, 3, 'car:command:send'), node(12, 3, 'car:vehicle:edit')])]),
  node(1601, 1, 'center', [node(1602, 1, 'center:notice')], 0),
];

describe('permissions (spec §4, §6)', () => {
  it('splits buttons (type 3) from menus', () => {
    const sets = collectPermissions(tree);
    expect([...sets.buttons].sort()).toEqual(['car:command:send', 'car:vehicle:edit']);
    expect([...sets.menus.keys()].sort()).toEqual([10, 1601, 1602]);
    expect(hasButton(sets, 'car:command:send')).toBe(true);
    expect(hasButton(sets, 'car:monitor')).toBe(false);
    expect(hasMenu(sets, 'car:monitor')).toBe(true);
    expect(hasMenu(sets, 1601)).toBe(true);
    expect(hasMenu(sets, '1602')).toBe(true);
    expect(hasMenu(sets, 'car:command:send')).toBe(false);
  });
  it('handles an empty or missing list', () => {
    expect(collectPermissions(undefined).menus.size).toBe(0);
  });
  it('keeps menu entries only when their id is permitted', () => {
    const entries = [{ id: 1, children: [{ id: 2 }, { id: 3 }] }, { id: 4 }];
    expect(filterMenu(entries, new Set([1, 3]))).toEqual([{ id: 1, children: [{ id: 3 }] }]);
  });
  it('keeps an id-0 group root only if it keeps children', () => {
    const entries = [{ id: 0, children: [{ id: 5 }] }, { id: 0, children: [{ id: 6 }] }, { id: 0 }];
    expect(filterMenu(entries, new Set([5]))).toEqual([{ id: 0, children: [{ id: 5 }] }]);
  });
  it('drops a permitted child when its parent is not permitted', () => {
    expect(filterMenu([{ id: 1, children: [{ id: 2 }] }], new Set([2]))).toEqual([]);
  });
  it('extracts menus of one platform and the buttons under a menu', () => {
    const menus = menuNodes(tree, 8);
    expect(menus).toHaveLength(1);
    expect(menus[0].children[0].children).toEqual([]);
    expect(buttonsUnder(tree[0].children[0]).map((b) => b.code)).toEqual(['car:command:send', 'car:vehicle:edit']);
  });
});

describe('route menu check (spec §4)', () => {
  const never = async () => {
    throw new Error('must not fetch');
  };
  it('skips the fetch on /login', async () => {
    expect(await checkMenuAccess({ pathname: '/login', meta: {}, menuCount: () => 0, fetchResources: never })).toBe('allow');
  });
  it('skips the menu check when ignoreAuth is false', async () => {
    expect(await checkMenuAccess({ pathname: '/404', meta: { ignoreAuth: false }, menuCount: () => 0, fetchResources: never })).toBe(
      'allow',
    );
  });
  it('allows without fetching when the map is filled', async () => {
    expect(await checkMenuAccess({ pathname: '/home', meta: { ignoreAuth: true }, menuCount: () => 3, fetchResources: never })).toBe(
      'allow',
    );
  });
  it('fetches when empty, then allows or sends to /login', async () => {
    let count = 0;
    const fill = async () => {
      count = 2;
    };
    expect(await checkMenuAccess({ pathname: '/car/', meta: undefined, menuCount: () => count, fetchResources: fill })).toBe('allow');
    expect(await checkMenuAccess({ pathname: '/car/', meta: undefined, menuCount: () => 0, fetchResources: async () => {} })).toBe('login');
    expect(await checkMenuAccess({ pathname: '/car/', meta: undefined, menuCount: () => 0, fetchResources: never })).toBe('login');
  });
});
