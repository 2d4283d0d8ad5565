import type { DataCenterOverview } from '@chelian/contracts';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { D } from '../messages.ts';
import type { Palette } from './palette.ts';

type Overview = DataCenterOverview;

const shortDay = (day: string) => day.slice(5).replace('-', '/');

function axes(p: Palette, categories: string[], opts: { percent?: boolean } = {}) {
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 4, containLabel: true },
    tooltip: { trigger: 'axis', ...p.tooltip },
    xAxis: {
      type: 'category',
      data: categories,
      axisLine: { lineStyle: { color: p.axis } },
      axisTick: { show: false },
      axisLabel: { color: p.subtle, fontSize: 11 },
    },
    yAxis: {
      type: 'value',
      minInterval: opts.percent ? undefined : 1,
      max: opts.percent ? 100 : undefined,
      axisLabel: { color: p.subtle, fontSize: 11, formatter: opts.percent ? '{value}%' : '{value}' },
      splitLine: { lineStyle: { color: p.split } },
    },
  };
}

const legend = (p: Palette) => ({ top: 0, right: 0, itemWidth: 12, itemHeight: 8, textStyle: { color: p.subtle, fontSize: 12 } });

/** Today's alarms by type: a ring, the total in its middle. */
export function alarmTypesOption(o: Overview, p: Palette): ChartOption {
  const data = o.alarmsToday.types.map((t) => ({ name: t.typeName, value: t.count }));
  return {
    color: p.series,
    tooltip: { trigger: 'item', formatter: '{b}：{c} 次 ({d}%)', ...p.tooltip },
    legend: {
      type: 'scroll',
      orient: 'vertical',
      right: 0,
      top: 'middle',
      itemWidth: 10,
      itemHeight: 10,
      textStyle: { color: p.subtle, fontSize: 12 },
    },
    title: {
      text: String(o.alarmsToday.total),
      subtext: D.alarmsToday,
      left: '29%',
      top: '40%',
      textAlign: 'center',
      textStyle: { color: p.text, fontSize: 26, fontWeight: 600 },
      subtextStyle: { color: p.subtle, fontSize: 12 },
    },
    series: [
      {
        type: 'pie',
        radius: ['48%', '72%'],
        center: ['30%', '52%'],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: 'transparent', borderWidth: 2 },
        data: data.length ? data : [{ name: D.noAlarms, value: 0, itemStyle: { color: p.split } }],
      },
    ],
  };
}

/** The last 30 days' alarms (bars). */
export function alarmTrendOption(o: Overview, p: Palette): ChartOption {
  return {
    ...axes(
      p,
      o.days.map((d) => shortDay(d.day)),
    ),
    color: [p.series[3]],
    series: [
      { name: D.alarms, type: 'bar', barMaxWidth: 14, itemStyle: { borderRadius: [3, 3, 0, 0] }, data: o.days.map((d) => d.alarms) },
    ],
  };
}

/** The last 30 days' 上线率 (line, %), the active vehicles in the tooltip. */
export function onlineTrendOption(o: Overview, p: Palette): ChartOption {
  return {
    ...axes(
      p,
      o.days.map((d) => shortDay(d.day)),
      { percent: true },
    ),
    color: [p.series[1], p.series[0]],
    legend: legend(p),
    series: [
      {
        name: D.onlineRate,
        type: 'line',
        smooth: true,
        symbolSize: 5,
        areaStyle: { opacity: 0.12 },
        data: o.days.map((d) => Math.round(d.onlineRate * 1000) / 10),
      },
    ],
    tooltip: {
      trigger: 'axis',
      ...p.tooltip,
      formatter: (items: Array<{ dataIndex: number }>) => {
        const d = o.days[items[0]?.dataIndex ?? 0];
        return d
          ? `${d.day}<br/>${D.onlineRate}：${(d.onlineRate * 100).toFixed(1)}%<br/>${D.activeVehicles}：${d.activeVehicles} ${D.unit.vehicles}`
          : '';
      },
    },
  };
}

/** Km per day over the 30 days. */
export function mileageTrendOption(o: Overview, p: Palette): ChartOption {
  return {
    ...axes(
      p,
      o.days.map((d) => shortDay(d.day)),
    ),
    color: [p.series[0]],
    series: [
      { name: D.km, type: 'line', smooth: true, showSymbol: false, areaStyle: { opacity: 0.15 }, data: o.days.map((d) => d.mileageKm) },
    ],
  };
}

/** Today by hour: vehicles online (bars) and alarms (line, own axis). */
export function activityOption(o: Overview, p: Palette): ChartOption {
  const base = axes(
    p,
    o.hours.map((h) => `${h.hour}时`),
  );
  // Hours still to come are left blank, not drawn as zero.
  const now = Number(beijingFormat(o.generatedAt, 'HH'));
  const upToNow = (v: number, hour: number) => (hour <= now ? v : null);
  return {
    ...base,
    color: [p.series[0], p.series[2]],
    legend: legend(p),
    yAxis: [base.yAxis, { ...base.yAxis, splitLine: { show: false } }],
    series: [
      {
        name: D.activityOnline,
        type: 'bar',
        barMaxWidth: 12,
        itemStyle: { borderRadius: [3, 3, 0, 0] },
        data: o.hours.map((h) => upToNow(h.onlineVehicles, h.hour)),
      },
      {
        name: D.activityAlarms,
        type: 'line',
        yAxisIndex: 1,
        smooth: 0.3,
        symbolSize: 4,
        data: o.hours.map((h) => upToNow(h.alarms, h.hour)),
      },
    ],
  };
}

/** The vehicles that drove farthest, the farthest on top. */
export function mileageRankingOption(o: Overview, p: Palette): ChartOption {
  const rows = [...o.mileageRanking].reverse();
  return {
    grid: { left: 8, right: 56, top: 4, bottom: 4, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...p.tooltip },
    xAxis: { type: 'value', show: false },
    yAxis: {
      type: 'category',
      data: rows.map((r) => r.plate || r.name),
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: { color: p.text, fontSize: 12 },
    },
    series: [
      {
        name: D.km,
        type: 'bar',
        barMaxWidth: 12,
        data: rows.map((r) => r.mileageKm),
        itemStyle: { borderRadius: 6, color: p.series[0] },
        showBackground: true,
        backgroundStyle: { color: p.split, borderRadius: 6 },
        label: {
          show: true,
          position: 'right',
          color: p.subtle,
          fontSize: 11,
          formatter: (x: { value: unknown }) => `${Number(x.value).toFixed(1)} km`,
        },
      },
    ],
  };
}
