import { useMemo, useState } from 'react';
import { Empty, Modal, Tag } from 'antd';
import { elecGbEndpoints, type GbBatteryRow, type GbBatteryTrend } from '@chelian/contracts';
import { useWholeList } from '../shared/list/useLoaded.ts';
import { EChart } from '../shared/charts/EChart.tsx';
import type { ChartOption } from '../shared/charts/echartsCore.ts';
import { DayRange, lastDays, type Days } from '../shared/ui/DayRange.tsx';
import { beijingAxisTime } from '../shared/format/beijingTime.ts';
import { G } from './messages.ts';

const B = G.battery;

function trendOption(t: GbBatteryTrend): ChartOption {
  const line = (name: string, pick: (p: GbBatteryTrend['points'][number]) => number | null, yAxisIndex = 0) => ({
    name,
    type: 'line' as const,
    showSymbol: t.points.length < 40,
    symbolSize: 5,
    yAxisIndex,
    data: t.points.map((p) => [beijingAxisTime(p.time), pick(p)]),
  });
  return {
    animation: false,
    grid: [
      { left: 52, right: 52, top: 36, height: '34%' },
      { left: 52, right: 52, top: '58%', height: '30%' },
    ],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    useUTC: true, // with beijingAxisTime: Beijing wall times on the axes
    xAxis: [
      { type: 'time', gridIndex: 0 },
      { type: 'time', gridIndex: 1 },
    ],
    yAxis: [
      { type: 'value', name: 'V', scale: true, gridIndex: 0 },
      { type: 'value', name: '°C / A', scale: true, gridIndex: 0 },
      { type: 'value', name: 'V（单体）', scale: true, gridIndex: 1 },
    ],
    series: [
      line(`${B.voltage}(V)`, (p) => p.voltageV),
      line(`${B.temperature}(°C)`, (p) => p.temperatureC, 1),
      line(`${B.current}(A)`, (p) => p.currentA, 1),
      { ...line('单体最高', (p) => p.cellMaxV, 2), xAxisIndex: 1 },
      { ...line('单体最低', (p) => p.cellMinV, 2), xAxisIndex: 1 },
    ],
  };
}

/** One bike's pack over the chosen days: pack voltage, temperature and current; cell max/min (their spread). */
export function BatteryTrendModal({ row, onClose }: { row: GbBatteryRow | null; onClose: () => void }) {
  const [days, setDays] = useState<Days>(() => lastDays(1));
  const trend = useWholeList(
    elecGbEndpoints.batteryTrend,
    { bikeId: row?.bikeId, ...days },
    { enabled: row !== null, keepOnFailure: false },
  );
  // The answer names its bike: the last bike's pack is not shown while the dialog opened on another loads.
  const data = trend.data && trend.data.row.bikeId === row?.bikeId ? trend.data : null;
  const option = useMemo(() => (data ? trendOption(data) : null), [data]);
  return (
    <Modal
      open={row !== null}
      title={`${B.trend} · ${row?.plate || row?.frameNo || ''}`}
      width={900}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="gb-trend-modal"
    >
      <div className="sp-toolbar">
        <span className="sp-title" />
        <DayRange value={days} onChange={setDays} />
      </div>
      {data?.points.length ? (
        <EChart option={option} style={{ height: 420 }} testId="gb-trend-chart" />
      ) : (
        <Empty description={B.noReport} />
      )}
      {data && data.cells.length > 0 && (
        <div style={{ marginTop: 8 }}>
          <span className="sp-muted">{B.cellVolts}：</span>
          {data.cells.map((v, i) => (
            <Tag key={i}>{v.toFixed(3)}</Tag>
          ))}
        </div>
      )}
    </Modal>
  );
}
