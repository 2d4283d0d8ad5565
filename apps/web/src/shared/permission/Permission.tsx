import type { ReactNode } from 'react';
import { usePermission, usePermissionMenu } from './usePermission.ts';

/** Renders children only when `code` is a granted button permission; otherwise nothing at all. */
export function Permission({ code, children }: { code: string; children: ReactNode }) {
  return usePermission(code) ? <>{children}</> : null;
}

/** Renders children only when `code` (menu key or id) is a granted menu. */
export function PermissionMenu({ code, children }: { code: string | number; children: ReactNode }) {
  return usePermissionMenu(code) ? <>{children}</> : null;
}
