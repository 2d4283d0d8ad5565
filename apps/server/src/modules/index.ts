import type { ApiModule } from '../http/app.ts';
import { loadRoutes } from './feature.ts';
import { features } from './features.ts';

/** Every API module, each an encapsulated Fastify plugin made from the app context: the features' routes, in the list's order. */
export const apiModules: readonly ApiModule[] = await loadRoutes(features);
