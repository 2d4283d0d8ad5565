import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { UserInfo } from '@chelian/contracts';
import type { PermissionSets } from '../../shared/permission/permissions.ts';

/** What a persona may read about the signed-in user to decide whether it shows. */
export interface PersonaContext {
  user: UserInfo;
  /** the role's buttons and menus (resource codes), as the desktop's permission checks read them */
  permissions: PermissionSets;
  /** systemIds of the sub-products the role may open ('car', 'pet', 'elec-car', 'elec-lease', …) */
  systems: ReadonlySet<string>;
}

/** A bottom tab: `path` is under /m/ (e.g. '/fleet'); the tab is active on it and below it. */
export interface PersonaTab {
  key: string;
  title: string;
  icon: ReactNode;
  path: string;
  /** shown only when this says so (the persona's own visible() still comes first) */
  visible?(ctx: PersonaContext): boolean;
}

/**
 * One persona's pages (docs/mobile.md): its tabs, its routes (relative to /m/, e.g. 'fleet/:id')
 * and whether the signed-in user sees it. Keep the module light: pages behind React.lazy.
 */
export interface PersonaModule {
  key: string;
  /** lower comes first in the tab bar */
  order: number;
  tabs: PersonaTab[];
  routes: RouteObject[];
  visible(ctx: PersonaContext): boolean;
}
