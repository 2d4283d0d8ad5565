import type { AppContext } from './context.ts';
import { features } from './modules/features.ts';

/** Everything a fresh database needs: each feature's seed, in the list's order; safe to run on every start (all are idempotent). */
export async function seedAll(ctx: AppContext): Promise<void> {
  for (const feature of features) if (feature.seed) await (await feature.seed())(ctx);
}
