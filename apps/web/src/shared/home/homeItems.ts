import type { ResourceNode } from '@chelian/contracts';
import type { PermissionSets } from '../permission/permissions.ts';

export type HomeTone = 'primary' | 'success' | 'warning' | 'danger' | 'muted';

/** One figure of a sub-product's home: a number the page it belongs to shows, opening that page. */
export interface HomeFigure {
  key: string;
  label: string;
  /** undefined while loading, null when its call failed */
  value: number | null | undefined;
  unit?: string;
  /** decimals shown (a distance: 1) */
  digits?: number;
  tone?: HomeTone;
  /** the menu (resource code) whose page shows the figure: without it the figure is not shown */
  menu: string;
  /** added to the page's address (a list's filter the page reads, e.g. `?expiring=30`) */
  search?: string;
  tip?: string;
}

/** One shortcut: a menu of the role, named as the menu is, with the task it is for. */
export interface HomeShortcut {
  menu: string;
  icon?: React.ReactNode;
  search?: string;
}

/** Where a menu code leads for this role: its node (name, shell path), or null when the role lacks it. */
export function menuOf(sets: PermissionSets, code: string): ResourceNode | null {
  if (!sets.menuCodes.has(code)) return null;
  for (const node of sets.menus.values()) if (node.code === code && node.path) return node;
  return null;
}

/** The figures the role may open, each with its page's shell path (figures of a page it lacks are left out). */
export function visibleFigures(sets: PermissionSets, figures: readonly HomeFigure[]): Array<HomeFigure & { path: string }> {
  return figures.flatMap((f) => {
    const node = menuOf(sets, f.menu);
    return node ? [{ ...f, path: node.path + (f.search ?? '') }] : [];
  });
}

/** The shortcuts the role may open, in the product's order, each named as its menu. */
export function visibleShortcuts(
  sets: PermissionSets,
  shortcuts: readonly HomeShortcut[],
): Array<HomeShortcut & { name: string; path: string }> {
  return shortcuts.flatMap((s) => {
    const node = menuOf(sets, s.menu);
    return node ? [{ ...s, name: node.name, path: node.path + (s.search ?? '') }] : [];
  });
}

/** Whether the role reads any of these menus: a figure's source is asked only then. */
export function readsAny(sets: PermissionSets, menus: readonly string[]): boolean {
  return menus.some((m) => sets.menuCodes.has(m));
}

/** A figure's text: '—' while loading or failed, else the number (with its decimals). */
export function figureText(f: Pick<HomeFigure, 'value' | 'digits'>): string {
  if (f.value === undefined || f.value === null || !Number.isFinite(f.value)) return '—';
  return f.digits ? f.value.toFixed(f.digits) : String(Math.round(f.value));
}
