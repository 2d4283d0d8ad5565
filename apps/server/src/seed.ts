import type { AppContext } from './context.ts';
import { seedPlatformAdmin, seedResources } from './modules/accounts/seed.ts';
import { seedBranding } from './modules/branding/branding.seed.ts';
import { seedMessages } from './modules/messages/messages.seed.ts';
import { seedDictionary } from './modules/system/dictionary.seed.ts';

/** Everything a fresh database needs; safe to run on every start (all steps are idempotent). */
export async function seedAll(ctx: AppContext) {
  await seedResources(ctx.db);
  const admin = await seedPlatformAdmin(ctx.db, { adminPassword: ctx.config.adminPassword, dataDir: ctx.config.dataDir });
  await seedBranding(ctx.db);
  await seedMessages(ctx.db);
  await seedDictionary(ctx.db);
  return { admin };
}
