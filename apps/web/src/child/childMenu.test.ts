import { describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceNode } from '@chelian/contracts';
import { childMessages } from '../shared/i18n/child.ts';
import { collectPermissions } from '../shared/permission/permissions.ts';
import { childMenu, findMenu, toChildPath } from './childMenu.ts';

const n = (id: number, type: number, code: string, path: string, platformId: number, children: ResourceNode[] = []): ResourceNode => ({
  id,
  name: code,
  type,
  code,
  path,
  icon: '',
  platformId,
  parentId: 0,
  sort: 0,
  children,
});

const tree = [
  n(1601, 1, 'center', '/center', 0, [n(1602, 1, 'center:notice', '/center/notice', 0)]),
  n(8000, 1, 'car', '/car/', 8, [
    n(8001, 1, 'car:monitor', '/car/monitor', 8),
    n(8004, 1, 'car:alarm', '/car/alarm', 8, [n(800401, 3, 'car:alarm:process', '', 8)]),
  ]),
  n(20000, 1, 'report', '/data-report/', 20, [n(20001, 1, 'report:mileage', '/data-report/dataReport/mileageReport', 20)]),
];

describe('sub-product menu', () => {
  it('takes the platform menus under the product root, without buttons', () => {
    const menu = childMenu(tree, 8, collectPermissions(tree));
    expect(menu.map((m) => m.code)).toEqual(['car:monitor', 'car:alarm']);
    expect(menu[1].children).toEqual([]);
  });
  it('is empty for a platform the role lacks', () => {
    expect(childMenu(tree, 13, collectPermissions(tree))).toEqual([]);
  });
  it('maps resource paths into the child', () => {
    expect(toChildPath('/car/monitor', '/car')).toBe('/monitor');
    expect(toChildPath('/car/', '/car')).toBe('/');
    expect(toChildPath('/center/notice', '/car')).toBeNull();
    expect(toChildPath('/data-report/dataReport/mileageReport', '/data-report')).toBe('/dataReport/mileageReport');
  });
  it('finds the menu for a child path', () => {
    const menu = childMenu(tree, 20, collectPermissions(tree));
    expect(findMenu(menu, '/dataReport/mileageReport', '/data-report')?.id).toBe(20001);
    expect(findMenu(childMenu(tree, 8, collectPermissions(tree)), '/alarm/detail', '/car')?.id).toBe(8004);
    expect(findMenu(menu, '/nothing', '/data-report')).toBeUndefined();
  });
});

describe('the overview cards', () => {
  it('describe every module of every sub-product (an operator sees a blank card otherwise)', () => {
    const modules = RESOURCES.filter((r) => r.type === 1 && r.platformId !== 0 && !r.path.endsWith('/'));
    expect(modules.filter((r) => !childMessages.descriptions[r.code]).map((r) => `${r.code} ${r.name}`)).toEqual([]);
  });
});
