import type { StartJob } from '../feature.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';
import { markServerAlive, readStreetMapState } from './streetMap.files.ts';
import { loadStreetMap, recordFailure } from './streetMap.import.ts';

/** How often the jobs role looks for a build waiting to be loaded. */
const CHECK_EVERY_MS = 5_000;

/**
 * Loads a build `npm run map:import` staged (it could not open the database: PGlite belongs to the
 * running server) into the database and switches to it, without stopping anything.
 */
export const loadStagedStreetMap: StartJob = (ctx) =>
  repeatEvery(
    CHECK_EVERY_MS,
    async () => {
      markServerAlive(ctx.config.dataDir);
      const state = readStreetMapState(ctx.config.dataDir);
      if (state.status !== 'staged' || !state.build) return;
      try {
        const counts = await loadStreetMap(ctx.db, ctx.config.dataDir, state.build);
        ctx.log.info({ build: state.build, ...counts }, 'street map loaded');
      } catch (err) {
        ctx.log.error({ err }, 'street map load failed');
        recordFailure(ctx.config.dataDir, err);
      }
    },
    (err) => ctx.log.error({ err }, 'street map job failed'),
  );
