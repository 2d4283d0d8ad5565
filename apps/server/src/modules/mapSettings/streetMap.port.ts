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
 * the import's state file (the import may run while the server holds the database). While a
 * build is served the map stays 'ready' — a new import replaces it without downtime — and a new
 * import's progress or failure rides along in `progress` and `message`.
 */
export async function streetMapState(ctx: { db: Db; config: { dataDir: string } }): Promise<StreetMapState> {
  const s = readStreetMapState(ctx.config.dataDir);
  const served = readCurrentBuild(ctx.config.dataDir) !== null;
  const importing = s.status === 'importing' || s.status === 'staged';
  const phase = `${s.phase}${s.status === 'staged' ? '（等待平台载入数据库）' : ''} ${s.source ?? ''}`.trim();
  if (served) {
    const styleUrl = streetMapEndpoints.style.path;
    if (s.status === 'ready') return { state: 'ready', message: s.source, importedAt: Date.parse(s.updatedAt), styleUrl };
    if (importing) return { state: 'ready', progress: s.percent / 100, message: `正在导入新数据：${phase}`, styleUrl };
    return { state: 'ready', message: `新数据导入失败，仍使用原数据：${s.reason ?? s.phase}`, styleUrl };
  }
  if (importing) return { state: 'importing', progress: s.percent / 100, message: phase };
  if (s.status === 'failed') return { state: 'failed', message: s.reason ?? s.phase };
  return { state: 'none' };
}
