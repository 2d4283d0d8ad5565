import ExcelJS from 'exceljs';
import { GB_ALARM_NAMES, GB_ALARM_TYPES, GB_HEALTH_BANDS, GB_STATES, GB_USE_TYPES, type GbStats } from '@chelian/contracts';
import { beijingDayOf, daysBetween } from '@chelian/contracts/beijingTime.ts';
import type { Db } from '../../db/types.ts';
import { gbStatsQueries } from './gbStats.queries.ts';
import { complianceIssues } from './gbFields.ts';
import { healthBand } from './gbRisk.ts';

const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** 统计: registrations, modules online, compliance, GB alarms by type and day, battery health — for Beijing days from..to. */
export async function gbStats(db: Db, scope: string, span: { from: string; to: string; start: Date; end: Date }): Promise<GbStats> {
  const [bikes, alarms, active] = await Promise.all([
    gbStatsQueries.bikes(db, scope),
    gbStatsQueries.alarms(db, scope, GB_ALARM_TYPES, span.start, span.end),
    gbStatsQueries.activeDays(db, scope, span.from, span.to),
  ]);
  const count = <K extends string>(names: Record<K, string>, keyOf: (b: (typeof bikes)[number]) => string) =>
    (Object.entries(names) as Array<[K, string]>).map(([key, name]) => ({
      key,
      name,
      count: bikes.filter((b) => keyOf(b) === key).length,
    }));
  const withModule = bikes.filter((b) => b.terminal_pk !== null);
  const online = withModule.filter((b) => b.online === true).length;
  const compliant = bikes.filter((b) => complianceIssues(b).length === 0).length;
  const alarmsByType = GB_ALARM_TYPES.map((key) => ({
    key,
    name: GB_ALARM_NAMES[key],
    count: alarms.filter((a) => a.type === key).reduce((s, a) => s + a.n, 0),
  }));
  const healthOf = (b: (typeof bikes)[number]) => healthBand(b.health_pct === null || b.health_implausible ? null : b.health_pct).key;
  const health = [...GB_HEALTH_BANDS.map((h) => ({ key: h.key, name: h.name })), { key: 'unknown', name: '无数据' }].map((h) => ({
    ...h,
    count: bikes.filter((b) => healthOf(b) === h.key).length,
  }));
  const activeOn = new Map(active.map((a) => [a.day, a.n]));
  const days = daysBetween(span.from, span.to).map((day) => ({
    day,
    registered: bikes.filter((b) => beijingDayOf(b.created_at) === day).length,
    alarms: alarms.filter((a) => a.day === day).reduce((s, a) => s + a.n, 0),
    active: activeOn.get(day) ?? 0,
  }));
  return {
    registered: bikes.filter((b) => b.state === 'registered').length,
    pending: bikes.filter((b) => b.state === 'pending').length,
    withModule: withModule.length,
    online,
    onlineRate: pct(online, withModule.length),
    compliant,
    complianceRate: pct(compliant, bikes.length),
    alarms: alarmsByType.reduce((s, a) => s + a.count, 0),
    byUseType: count(GB_USE_TYPES, (b) => b.use_type),
    byState: count(GB_STATES, (b) => b.state),
    alarmsByType,
    health,
    days,
  };
}

/** The statistics as a workbook: the figures, then one sheet per breakdown, then the days. */
export async function gbStatsWorkbook(s: GbStats, from: string, to: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = (name: string, headers: Array<[string, number]>, rows: Array<Array<string | number>>) => {
    const ws = book.addWorksheet(name);
    ws.columns = headers.map(([header, width]) => ({ header, width }));
    ws.getRow(1).font = { bold: true };
    for (const r of rows) ws.addRow(r);
  };
  const rate = (v: number | null) => (v === null ? '—' : `${v}%`);
  sheet(
    '总览',
    [
      ['指标', 20],
      ['数值', 16],
    ],
    [
      ['统计日期', `${from} 至 ${to}`],
      ['已备案', s.registered],
      ['待审核', s.pending],
      ['装有定位模块', s.withModule],
      ['当前在线', s.online],
      ['在线率', rate(s.onlineRate)],
      ['合规车辆', s.compliant],
      ['合规率', rate(s.complianceRate)],
      ['报警总数', s.alarms],
    ],
  );
  sheet(
    '报警类型',
    [
      ['报警类型', 20],
      ['次数', 10],
    ],
    s.alarmsByType.map((a) => [a.name, a.count]),
  );
  sheet(
    '使用性质',
    [
      ['使用性质', 14],
      ['车辆数', 10],
    ],
    s.byUseType.map((a) => [a.name, a.count]),
  );
  sheet(
    '电池健康',
    [
      ['健康度', 16],
      ['车辆数', 10],
    ],
    s.health.map((a) => [a.name, a.count]),
  );
  sheet(
    '每日',
    [
      ['日期', 12],
      ['新增备案', 10],
      ['报警', 10],
      ['活跃车辆', 10],
    ],
    s.days.map((d) => [d.day, d.registered, d.alarms, d.active]),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
