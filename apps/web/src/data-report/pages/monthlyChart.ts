import type { MonthlyTotal } from '@chelian/contracts';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { R } from '../messages.ts';

const M = R.monthly;

/** 月度汇总's chart: each month's mileage (bars) and online rate (line, right axis); alarms are counted beside it by type. */
export function monthlyChart(months: MonthlyTotal[]): ChartOption {
  return {
    grid: { left: 56, right: 56, top: 36, bottom: 28 },
    legend: { top: 0, data: [M.chartMileage, M.chartOnline] },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: months.map((m) => m.month) },
    yAxis: [
      { type: 'value', name: 'km', splitLine: { lineStyle: { type: 'dashed' } } },
      { type: 'value', name: '%', min: 0, max: 100, splitLine: { show: false } },
    ],
    series: [
      { name: M.chartMileage, type: 'bar', barMaxWidth: 36, itemStyle: { color: '#1677ff' }, data: months.map((m) => m.mileageKm) },
      // Straight segments (a smoothed curve drew rates between the months), and a gap for a month before the vehicles came (null).
      {
        name: M.chartOnline,
        type: 'line',
        yAxisIndex: 1,
        itemStyle: { color: '#52c41a' },
        data: months.map((m) => (m.onlineRate === null ? null : Math.round(m.onlineRate * 10_000) / 100)),
      },
    ],
  };
}
