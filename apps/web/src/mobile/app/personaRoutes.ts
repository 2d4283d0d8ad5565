import type { PersonaContext, PersonaModule } from './personaTypes.ts';

/**
 * Every persona of 掌上车联. Each module is its own chunk, loaded after login; a module shows
 * when its visible() says the signed-in user may use it. To add one: a folder beside operator/
 * with a `xxxRoutes.tsx` exporting `default` a PersonaModule, and a line here.
 */
export const PERSONA_LOADERS: ReadonlyArray<() => Promise<{ default: PersonaModule }>> = [
  () => import('../operator/operatorRoutes.tsx'),
  () => import('../pet/petRoutes.tsx'),
  () => import('../ebike/ebikeRoutes.tsx'),
  () => import('../rider/riderRoutes.tsx'),
];

/** Every persona module (fetched while the session loads: no wait in series on a slow network); one that fails is left out. */
export async function importPersonas(loaders = PERSONA_LOADERS): Promise<PersonaModule[]> {
  const settled = await Promise.allSettled(loaders.map((load) => load()));
  const modules: PersonaModule[] = [];
  for (const result of settled) {
    if (result.status === 'fulfilled') modules.push(result.value.default);
    else console.error(result.reason);
  }
  return modules;
}

/** The personas the user sees, in tab order. */
export function visiblePersonas(modules: readonly PersonaModule[], ctx: PersonaContext): PersonaModule[] {
  return modules.filter((m) => safeVisible(m, ctx)).sort((a, b) => a.order - b.order);
}

function safeVisible(module: PersonaModule, ctx: PersonaContext): boolean {
  try {
    return module.visible(ctx);
  } catch {
    return false;
  }
}
