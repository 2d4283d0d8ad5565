import { useMemo, useState } from 'react';
import { Button, Empty } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { elecGbEndpoints, type GbStats } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
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
  series: [
    {
      type: 'pie',
      radius: ['40%', '68%'],
      center: ['50%', '45%'],
      // Each part's count on the ring itself: beside a ring in a third of the page a label was cut
      // to "…"; the names are in the legend, the shares in the tooltip.
      label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 600 },
      labelLine: { show: false },
      data: data.filter((d) => d.count > 0).map((d) => ({ name: d.name, value: d.count })),
    },
  ],
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

const none = (data: Array<{ count: number }>) => data.every((d) => d.count === 0);

/** A chart card; with nothing to draw, the empty state instead of bare axes or an empty ring. */
function ChartCard({
  title,
  option,
  empty,
  height,
  testId,
}: {
  title: string;
  option: ChartOption;
  empty: boolean;
  height: number;
  testId?: string;
}) {
  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{title}</span>
      </div>
      {empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={G.common.empty}
          style={{ height: height - 32, paddingTop: height / 4, margin: 0 }}
        />
      ) : (
        <EChart option={option} style={{ height }} testId={testId} />
      )}
    </section>
  );
}

/** 统计分析: registrations, modules online, compliance, GB alarms by type and day, battery health; Excel export. */
export function StatsPage() {
  const [days, setDays] = useState<Days>(() => lastDays(7));
  // A failed load shows none rather than the last period's figures under the new dates.
  const { data: stats } = useWholeList(elecGbEndpoints.stats, days, { keepOnFailure: false });
  const charts = useMemo(
    () => stats && { type: bars(stats.alarmsByType), use: pie(stats.byUseType), health: pie(stats.health), daily: daily(stats) },
    [stats],
  );
  const figures: Array<[string, string | number]> = stats
    ? [
        [S.registered, stats.registered],
        [S.pending, stats.pending],
        [S.withModule, stats.withModule],
        [S.online, stats.online],
        [S.onlineRate, rate(stats.onlineRate)],
        [S.compliant, stats.compliant],
        [S.complianceRate, rate(stats.complianceRate)],
        [S.alarms, stats.alarms],
      ]
    : [];
  return (
    <div className="sp-page" data-testid="gb-stats">
      <section className="sp-card">
        <div className="sp-toolbar">
          <span className="sp-title">{S.title}</span>
          <DayRange value={days} onChange={setDays} />
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void call(elecGbEndpoints.statsExport, days, { fileName: '新国标统计.xlsx' }).catch(() => undefined)}
            data-testid="gb-stats-export"
          >
            {G.common.export}
          </Button>
        </div>
        <div className="gb-figures" data-testid="gb-figures">
          {figures.map(([label, value]) => (
            <div className="gb-figure" key={label}>
              <div className="gb-figure-label">{label}</div>
              <div className="gb-figure-value">{value}</div>
            </div>
          ))}
        </div>
      </section>
      {charts && stats ? (
        <div className="gb-charts">
          <ChartCard title={S.byType} option={charts.type} empty={none(stats.alarmsByType)} height={300} testId="gb-chart-types" />
          <ChartCard
            title={S.daily}
            option={charts.daily}
            empty={stats.days.every((d) => d.registered + d.active + d.alarms === 0)}
            height={300}
          />
          <ChartCard title={S.byUse} option={charts.use} empty={none(stats.byUseType)} height={260} />
          <ChartCard title={S.health} option={charts.health} empty={none(stats.health)} height={260} />
        </div>
      ) : (
        <Empty description={G.common.empty} />
      )}
    </div>
  );
}
