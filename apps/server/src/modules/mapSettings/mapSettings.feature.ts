import type { Feature } from '../feature.ts';

export const mapSettingsFeature: Feature = {
  name: 'mapSettings',
  routes: async () => [(await import('./mapSettings.routes.ts')).mapSettingsRoutes],
};
