import type { StreetMapStatus } from '@chelian/contracts';
import { streetMapEndpoints } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { readCurrentBuild, readStreetMapState } from '../streetMap/streetMap.files.ts';

/** What the offline street map (issue 34 item 2, `npm run map:import`) tells 地图设置. */
export interface StreetMapState extends StreetMapStatus {
  /** Same-origin address of the MapLibre style of the imported tiles, once `state` is 'ready'. */
  styleUrl?: string;
}

/**
 * The one place 地图设置 asks about the offline street map (docs/maps.md, "Offline street maps"):
 * the import's state file (the import may run while the server holds the database), and the
 * style URL whenever a build is served — also while a new import is under way or has failed.
 */
export async function streetMapState(ctx: { db: Db; config: { dataDir: string } }): Promise<StreetMapState> {
  const s = readStreetMapState(ctx.config.dataDir);
  const served = readCurrentBuild(ctx.config.dataDir) !== null;
  const styleUrl = served ? streetMapEndpoints.style.path : undefined;
  if (s.status === 'none') return { state: 'none' };
  if (s.status === 'failed') return { state: 'failed', message: s.reason ?? s.phase, styleUrl };
  if (s.status === 'ready') return { state: 'ready', message: s.source, importedAt: Date.parse(s.updatedAt), styleUrl };
  const waiting = s.status === 'staged' ? '（等待平台载入数据库）' : '';
  return { state: 'importing', progress: s.percent / 100, message: `${s.phase}${waiting} ${s.source ?? ''}`.trim(), styleUrl };
}
