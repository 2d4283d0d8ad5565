import type { StreetMapStatus } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';

/** What the offline street map (issue 34 item 2, `npm run map:import`) tells 地图设置. */
export interface StreetMapState extends StreetMapStatus {
  /** Same-origin address of the MapLibre style of the imported tiles, once `state` is 'ready'. */
  styleUrl?: string;
}

/**
 * The one place 地图设置 asks about the offline street map (docs/maps.md, "Offline street maps").
 * The importer replaces this body with a read of its own state; until then there is no import.
 */
export async function streetMapState(_ctx: { db: Db }): Promise<StreetMapState> {
  return { state: 'none' };
}
