import type { Feature } from '../feature.ts';

/** Stored positions: no routes of its own (monitor, playback and reports read them), only their partitions and retention. */
export const positionsFeature: Feature = {
  name: 'positions',
  jobs: async () => {
    const { startPositionRetention } = await import('./positionRetention.service.ts');
    return [(ctx) => startPositionRetention(ctx, ctx.config.positionRetentionDays)];
  },
};
