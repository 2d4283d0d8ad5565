import type { Feature } from '../feature.ts';

export const alarmSettingsFeature: Feature = {
  name: 'alarmSettings',
  routes: async () => [(await import('./alarmSettings.routes.ts')).alarmSettingsRoutes],
};
