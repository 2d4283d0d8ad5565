import { useEffect, useMemo, useState } from 'react';
import { DatePicker, Empty, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { petEndpoints, type Pet, type PetHistory } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { EChart } from '../../shared/charts/EChart.tsx';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { PetPageFrame } from '../PetPageFrame.tsx';
import { P } from '../messages.ts';

const H = P.history;

function chartOption(h: PetHistory): ChartOption {
  const max = Math.max(1, ...h.heat.map((c) => c.minutes));
  return {
    animation: false,
    grid: { left: 72, right: 72, top: 24, bottom: 40 },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'value', scale: true, name: '经度', axisLabel: { formatter: (v: number) => v.toFixed(4) } },
    yAxis: { type: 'value', scale: true, name: '纬度', axisLabel: { formatter: (v: number) => v.toFixed(4) } },
    visualMap: { min: 0, max, dimension: 2, seriesIndex: 1, right: 0, top: 'middle', text: [`${Math.round(max)}分钟`, '0'], inRange: { color: ['#ffe0b2', '#ff9800', '#d84315'] }, calculable: false },
    series: [
      { name: H.track, type: 'line', data: h.points.map((p) => [p.lon, p.lat]), showSymbol: false, lineStyle: { color: '#1677ff', width: 1.5, opacity: 0.6 } },
      { name: H.heat, type: 'effectScatter', rippleEffect: { scale: 1.5, period: 6 }, data: h.heat.map((c) => [c.lon, c.lat, c.minutes]), symbolSize: (v: number[]) => 8 + 28 * Math.sqrt(v[2]! / max) },
    ],
  };
}

function HistoryOf({ pet, day }: { pet: Pet; day: Dayjs }) {
  const [data, setData] = useState<PetHistory | null>(null);
  useEffect(() => {
    call(petEndpoints.history, { petId: pet.petId, date: day.format('YYYY-MM-DD') }).then(setData, () => setData(null));
  }, [pet.petId, day]);
  const option = useMemo(() => (data ? chartOption(data) : null), [data]);
  return (
    <section className="sp-card">
      <div className="sp-toolbar"><span className="sp-title">{H.title}</span><span className="sp-muted">{data ? H.count.replace('{n}', String(data.points.length)) : ''}</span></div>
      {option && data!.points.length ? <EChart option={option} style={{ height: 420 }} testId="pt-heat-chart" /> : <Empty description={P.common.empty} />}
      <Table
        rowKey={(c) => `${c.lat},${c.lon}`} size="small" pagination={{ pageSize: 5 }} dataSource={data?.heat ?? []} style={{ marginTop: 12 }} data-testid="pt-heat-table"
        columns={[
          { title: H.place, key: 'p', render: (_, c) => `${c.lat.toFixed(4)}, ${c.lon.toFixed(4)}` },
          { title: H.minutes, dataIndex: 'minutes' },
        ]}
      />
      <p className="pt-note">{H.note}</p>
    </section>
  );
}

/** 足迹热力: one day's track of the collar and where the pet spent its time. */
export function HistoryPage() {
  const [day, setDay] = useState<Dayjs>(() => beijingToday());
  return (
    <PetPageFrame title={H.title} testId="pt-history" tools={<DatePicker value={day} allowClear={false} onChange={(d) => d && setDay(d)} disabledDate={(d) => d.isAfter(beijingToday(), 'day')} />}>
      {(pet) => <HistoryOf key={pet.petId} pet={pet} day={day} />}
    </PetPageFrame>
  );
}
