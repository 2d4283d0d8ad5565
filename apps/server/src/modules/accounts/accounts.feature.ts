import type { Feature } from '../feature.ts';

export const accountsFeature: Feature = {
  name: 'accounts',
  routes: async () => [(await import('./accounts.routes.ts')).accountsRoutes, (await import('./admin.routes.ts')).adminRoutes],
  // The resource catalogue first: the platform administrator's role is granted all of it.
  seed: async () => {
    const { seedPlatformAdmin, seedResources } = await import('./seed.ts');
    return async (ctx) => {
      await seedResources(ctx.db);
      const admin = await seedPlatformAdmin(ctx.db, { adminPassword: ctx.config.adminPassword, dataDir: ctx.config.dataDir });
      if (admin.generatedPassword) {
        // Printed once, on the start that created it; also kept in DATA_DIR/initial-admin.txt.
        console.log(`\n初始管理员账号: admin  密码: ${admin.generatedPassword}  (已写入 ${ctx.config.dataDir}/initial-admin.txt)\n`);
      }
    };
  },
};
