import type { Feature } from '../feature.ts';

export const geofencesFeature: Feature = {
  name: 'geofences',
  routes: async () => [(await import('./geofences.routes.ts')).geofencesRoutes],
  engine: async () => (await import('./geofenceEngine.ts')).startGeofenceEngine,
};
