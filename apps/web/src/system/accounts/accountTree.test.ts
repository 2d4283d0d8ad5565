import { describe, expect, it } from 'vitest';
import type { Account } from '@chelian/contracts';
import { accountIds, filterAccounts, holdsAnything, nestAccounts } from './accountTree.ts';

const account = (id: number, parentId: number | null, name: string, extra: Partial<Account> = {}): Account => ({
  id,
  parentId,
  name,
  kind: 'customer',
  contact: '',
  phone: '',
  enabled: true,
  expiresAt: null,
  created: 0,
  depth: 0,
  childCount: 0,
  terminalCount: 0,
  vehicleCount: 0,
  personCount: 0,
  petCount: 0,
  userCount: 0,
  ...extra,
});

const list = [
  account(1, null, '华东经销商'),
  account(2, 1, '杭州客户'),
  account(3, 2, '杭州车队'),
  account(4, 1, '宁波客户', { contact: '张三' }),
];

describe('account tree', () => {
  it('nests accounts under their parents at any depth', () => {
    const tree = nestAccounts(list);
    expect(tree).toHaveLength(1);
    expect(tree[0].children.map((n) => n.account.name)).toEqual(['杭州客户', '宁波客户']);
    expect(tree[0].children[0].children[0].account.name).toBe('杭州车队');
    expect(accountIds(tree)).toEqual([1, 2, 3, 4]);
  });

  it('keeps matches with the path down to them, by name or contact', () => {
    const tree = nestAccounts(list);
    const byName = filterAccounts(tree, '车队');
    expect(accountIds(byName)).toEqual([1, 2, 3]);
    expect(accountIds(filterAccounts(tree, '张三'))).toEqual([1, 4]);
    expect(filterAccounts(tree, '上海')).toEqual([]);
    expect(filterAccounts(tree, '  ')).toEqual(tree);
  });

  it('says whether an account still holds sub-accounts, terminals or vehicles', () => {
    expect(holdsAnything(account(5, 1, 'x'))).toBe(false);
    expect(holdsAnything(account(5, 1, 'x', { userCount: 3 }))).toBe(false);
    expect(holdsAnything(account(5, 1, 'x', { terminalCount: 1 }))).toBe(true);
  });
});
