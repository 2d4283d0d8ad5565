import type { Feature } from '../feature.ts';

/** 掌上车联's end users: operators invite pet and e-bike owners (and riders) by phone (docs/end-users.md). */
export const endUsersFeature: Feature = {
  name: 'endUsers',
  routes: async () => [(await import('./endUsers.routes.ts')).endUserRoutes],
};
