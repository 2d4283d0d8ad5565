import type { AccVehicle } from '@chelian/contracts';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { R } from '../messages.ts';

const A = R.acc;
const hours = (s: number) => Math.round((s / 3600) * 100) / 100;

/** ACC 报表's chart: each vehicle's hours with ACC on and off (stacked bars, most ACC-on first, top down). */
export function accChart(vehicles: AccVehicle[]): ChartOption {
  const rows = [...vehicles].reverse();
  return {
    grid: { left: 96, right: 24, top: 28, bottom: 24 },
    legend: { top: 0, data: [A.on, A.off] },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => `${v as number} 小时` },
    xAxis: { type: 'value', name: '小时', splitLine: { lineStyle: { type: 'dashed' } } },
    yAxis: { type: 'category', data: rows.map((v) => v.plate || v.name) },
    series: [
      { name: A.on, type: 'bar', stack: 'acc', barMaxWidth: 18, itemStyle: { color: '#52c41a' }, data: rows.map((v) => hours(v.onSeconds)) },
      { name: A.off, type: 'bar', stack: 'acc', barMaxWidth: 18, itemStyle: { color: '#d9d9d9' }, data: rows.map((v) => hours(v.offSeconds)) },
    ],
  };
}

/** The chart's height: a bar per vehicle. */
export const accChartHeight = (n: number) => Math.max(140, 60 + n * 28);
