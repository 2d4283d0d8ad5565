import { describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceNode } from '@chelian/contracts';
import { collectPermissions } from '../permission/permissions.ts';
import { figureText, menuOf, readsAny, visibleFigures, visibleShortcuts, type HomeFigure } from './homeItems.ts';

/** A role's permission sets from resource codes, as the resource list would grant them (flat). */
const role = (...codes: string[]) =>
  collectPermissions(
    RESOURCES.filter((r) => codes.includes(r.code)).map((r): ResourceNode => ({ ...r, platformId: r.platformId, children: [] })),
  );

const figures: HomeFigure[] = [
  { key: 'total', label: '车辆总数', value: 3, menu: 'car:monitor' },
  { key: 'unhandled', label: '未处理报警', value: 2, menu: 'car:alarm', tone: 'danger' },
  { key: 'mileage', label: '今日里程', value: 12.345, digits: 1, menu: 'report:mileage' },
  { key: 'expiring', label: '30 天内到期', value: 1, menu: 'system:terminal', search: '?expiring=30' },
];

describe('home figures and shortcuts follow the role', () => {
  it('shows a figure only with the menu of the page it counts, opening that page', () => {
    const shown = visibleFigures(role('car', 'car:monitor', 'system:terminal'), figures);
    expect(shown.map((f) => [f.key, f.path])).toEqual([
      ['total', '/car/monitor'],
      ['expiring', '/system/terminal?expiring=30'],
    ]);
    expect(visibleFigures(role('car', 'car:monitor', 'car:alarm', 'report', 'report:mileage'), figures).map((f) => f.key)).toEqual([
      'total',
      'unhandled',
      'mileage',
    ]);
  });

  it('names each shortcut as its menu and leaves out the menus the role lacks', () => {
    const shortcuts = [{ menu: 'car:monitor' }, { menu: 'car:command' }, { menu: 'car:alarm', search: '?tab=history' }];
    expect(visibleShortcuts(role('car', 'car:monitor', 'car:alarm'), shortcuts).map((s) => [s.name, s.path])).toEqual([
      ['实时监控', '/car/monitor'],
      ['报警中心', '/car/alarm?tab=history'],
    ]);
    expect(visibleShortcuts(role(), shortcuts)).toEqual([]);
    expect(menuOf(role('car:command:send'), 'car:command')).toBeNull(); // a button is no menu
  });

  it('asks a figure’s source only when the role reads one of its menus', () => {
    expect(readsAny(role('card:report'), ['card:report', 'card:attendance'])).toBe(true);
    expect(readsAny(role('card:staff'), ['card:report'])).toBe(false);
  });

  it('writes a figure whole, with its decimals, and — while it loads or when it failed', () => {
    expect(figureText({ value: 12.345, digits: 1 })).toBe('12.3');
    expect(figureText({ value: 7 })).toBe('7');
    expect(figureText({ value: undefined })).toBe('—');
    expect(figureText({ value: null })).toBe('—');
  });
});
