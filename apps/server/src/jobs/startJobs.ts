import type { AppContext } from '../context.ts';
import { features } from '../modules/features.ts';

/** The 'jobs' role's background tasks, each feature's; the stop function waits for runs under way. */
export async function startJobs(ctx: AppContext): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  for (const feature of features) for (const start of (await feature.jobs?.()) ?? []) stops.push(start(ctx));
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
