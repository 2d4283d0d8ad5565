import { SUB_SYSTEMS, type SubSystem } from '@chelian/contracts';

/** Which sub-product this page is (data-system of #app), and whether it runs inside the shell. */
export function readChildContext(): { sys: SubSystem; base: string; embedded: boolean } {
  const id = document.getElementById('app')?.dataset.system ?? window.location.pathname.split('/')[2] ?? '';
  const sys = SUB_SYSTEMS.find((s) => s.systemId === id) ?? SUB_SYSTEMS[0];
  let embedded = false;
  try {
    embedded = window.parent !== window && window.parent.location.origin === window.location.origin;
  } catch {
    embedded = false; // framed by another site: behave as if alone
  }
  return { sys, base: sys.path.slice(0, -1), embedded };
}

export const CHILD = readChildContext();

/** Leaves the child for a shell path: the top window navigates (the shell when embedded). */
export function goTop(path: string): void {
  (CHILD.embedded ? window.parent : window).location.assign(path);
}
