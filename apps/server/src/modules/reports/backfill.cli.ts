// Recomputes the report figures of a range of Beijing days:
//   npm run reports:backfill -- 2026-11-01 2026-11-20
// Same database settings as the server (DATABASE_URL or DATA_DIR). Safe while servers run: it
// waits for the rollup lock day by day. With PGlite the server must be stopped (one process per data folder).
import { isDay } from '@chelian/contracts/beijingTime.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open.ts';
import { migrate } from '../../db/migrate.ts';
import { backfill } from './rollup.service.ts';

const [from, to = from] = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (!from || !isDay(from) || !isDay(to) || to < from) {
  console.error('用法: npm run reports:backfill -- 开始日期 [结束日期]   (YYYY-MM-DD，北京时间)');
  process.exit(2);
}
const db = await openDatabase(loadConfig());
try {
  await migrate(db);
  for (const r of await backfill(db, from, to)) {
    console.log(`${r.day}  ${r.kept ? '轨迹已不在库中，保留原有汇总' : `终端 ${r.terminals}${r.final ? '' : '  (未结束，稍后继续汇总)'}`}`);
  }
} finally {
  await db.close();
}
