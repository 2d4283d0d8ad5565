import type { AccVehicle } from '@chelian/contracts';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { R } from '../messages.ts';

const A = R.acc;

/** ACC 报表's chart: each vehicle's time with ACC on and off (stacked bars, most ACC-on first, top down), in hours — minutes when all are short. */
export function accChart(vehicles: AccVehicle[]): ChartOption {
  const rows = [...vehicles].reverse();
  const inMinutes = vehicles.every((v) => v.onSeconds + v.offSeconds < 2 * 3600);
  const unit = inMinutes ? A.minutes : A.hours;
  const per = inMinutes ? 60 : 3600;
  const amount = (s: number) => Math.round((s / per) * 100) / 100;
  return {
    grid: { left: 96, right: 24, top: 28, bottom: 24 },
    legend: { top: 0, data: [A.on, A.off] },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => `${v as number} ${unit}` },
    xAxis: { type: 'value', name: unit, splitLine: { lineStyle: { type: 'dashed' } } },
    yAxis: { type: 'category', data: rows.map((v) => v.plate || v.name) },
    series: [
      {
        name: A.on,
        type: 'bar',
        stack: 'acc',
        barMaxWidth: 18,
        itemStyle: { color: '#52c41a' },
        data: rows.map((v) => amount(v.onSeconds)),
      },
      {
        name: A.off,
        type: 'bar',
        stack: 'acc',
        barMaxWidth: 18,
        itemStyle: { color: '#d9d9d9' },
        data: rows.map((v) => amount(v.offSeconds)),
      },
    ],
  };
}

/** The chart's height: a bar per vehicle. */
export const accChartHeight = (n: number) => Math.max(140, 60 + n * 28);
