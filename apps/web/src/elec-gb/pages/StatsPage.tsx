import { useEffect, useMemo, useState } from 'react';
import { Button, Empty } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { elecGbEndpoints, type GbStats } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { EChart } from '../../shared/charts/EChart.tsx';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { DayRange, lastDays, type Days } from '../../shared/ui/DayRange.tsx';
import { G } from '../messages.ts';

const S = G.stats;
const rate = (v: number | null) => (v === null ? G.common.none : `${v}%`);

const pie = (data: Array<{ name: string; count: number }>): ChartOption => ({
  animation: false,
  tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
  legend: { bottom: 0 },
  series: [{ type: 'pie', radius: ['40%', '68%'], center: ['50%', '45%'], data: data.filter((d) => d.count > 0).map((d) => ({ name: d.name, value: d.count })) }],
});

const bars = (data: Array<{ name: string; count: number }>): ChartOption => ({
  animation: false,
  grid: { left: 120, right: 24, top: 8, bottom: 24 },
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'value', minInterval: 1 },
  yAxis: { type: 'category', data: data.map((d) => d.name), inverse: true },
  series: [{ type: 'bar', name: S.count, data: data.map((d) => d.count), itemStyle: { color: '#e5484d' } }],
});

const daily = (s: GbStats): ChartOption => ({
  animation: false,
  grid: { left: 40, right: 24, top: 36, bottom: 28 },
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  xAxis: { type: 'category', data: s.days.map((d) => d.day.slice(5)) },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { type: 'bar', name: S.newRegistered, data: s.days.map((d) => d.registered) },
    { type: 'line', name: S.active, data: s.days.map((d) => d.active) },
    { type: 'line', name: S.alarms, data: s.days.map((d) => d.alarms) },
  ],
});

/** 统计分析: registrations, modules online, compliance, GB alarms by type and day, battery health; Excel export. */
export function StatsPage() {
  const [days, setDays] = useState<Days>(() => lastDays(7));
  const [stats, setStats] = useState<GbStats | null>(null);
  useEffect(() => void call(elecGbEndpoints.stats, days).then(setStats, () => setStats(null)), [days]);
  const charts = useMemo(() => stats && { type: bars(stats.alarmsByType), use: pie(stats.byUseType), health: pie(stats.health), daily: daily(stats) }, [stats]);
  const figures: Array<[string, string | number]> = stats
    ? [[S.registered, stats.registered], [S.pending, stats.pending], [S.withModule, stats.withModule], [S.online, stats.online], [S.onlineRate, rate(stats.onlineRate)],
      [S.compliant, stats.compliant], [S.complianceRate, rate(stats.complianceRate)], [S.alarms, stats.alarms]]
    : [];
  return (
    <div className="gb-page" data-testid="gb-stats">
      <section className="gb-card">
        <div className="gb-toolbar">
          <span className="gb-title">{S.title}</span>
          <DayRange value={days} onChange={setDays} />
          <Button icon={<DownloadOutlined />} onClick={() => void call(elecGbEndpoints.statsExport, days, { fileName: '新国标统计.xlsx' }).catch(() => undefined)} data-testid="gb-stats-export">{G.common.export}</Button>
        </div>
        <div className="gb-figures" data-testid="gb-figures">
          {figures.map(([label, value]) => (
            <div className="gb-figure" key={label}><div className="gb-figure-label">{label}</div><div className="gb-figure-value">{value}</div></div>
          ))}
        </div>
      </section>
      {charts ? (
        <div className="gb-charts">
          <section className="gb-card"><div className="gb-toolbar"><span className="gb-title">{S.byType}</span></div><EChart option={charts.type} style={{ height: 300 }} testId="gb-chart-types" /></section>
          <section className="gb-card"><div className="gb-toolbar"><span className="gb-title">{S.daily}</span></div><EChart option={charts.daily} style={{ height: 300 }} /></section>
          <section className="gb-card"><div className="gb-toolbar"><span className="gb-title">{S.byUse}</span></div><EChart option={charts.use} style={{ height: 260 }} /></section>
          <section className="gb-card"><div className="gb-toolbar"><span className="gb-title">{S.health}</span></div><EChart option={charts.health} style={{ height: 260 }} /></section>
        </div>
      ) : <Empty description={G.common.empty} />}
    </div>
  );
}
