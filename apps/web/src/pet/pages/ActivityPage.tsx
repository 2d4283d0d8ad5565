import { useEffect, useMemo, useState } from 'react';
import { Alert, Empty, Table, Tag } from 'antd';
import { petEndpoints, type Pet, type PetActivity, type PetBattery, type PetDay } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { EChart } from '../../shared/charts/EChart.tsx';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { PetPageFrame } from '../PetPageFrame.tsx';
import { P } from '../messages.ts';

const A = P.activity;

function weekOption(a: PetActivity): ChartOption {
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 36, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { data: [A.steps, A.goal], top: 0 },
    xAxis: { type: 'category', data: a.days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', name: A.steps },
    series: [
      { name: A.steps, type: 'bar', data: a.days.map((d) => d.steps), itemStyle: { color: '#ff9f43' } },
      { name: A.goal, type: 'line', data: a.days.map(() => a.goal), showSymbol: false, lineStyle: { type: 'dashed' } },
    ],
  };
}

function batteryOption(b: PetBattery): ChartOption {
  return {
    animation: false,
    grid: { left: 48, right: 24, top: 24, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: '%', min: 0, max: 100 },
    series: [{ name: P.monitor.battery, type: 'line', showSymbol: false, areaStyle: { opacity: 0.1 }, data: b.trend.map((p) => [p.time, p.battery]) }],
  };
}

function ActivityOf({ pet }: { pet: Pet }) {
  const [activity, setActivity] = useState<PetActivity | null>(null);
  const [battery, setBattery] = useState<PetBattery | null>(null);
  useEffect(() => {
    call(petEndpoints.activity, { petId: pet.petId, days: 7 }).then(setActivity, () => setActivity(null));
    call(petEndpoints.battery, { petId: pet.petId, hours: 24 }).then(setBattery, () => setBattery(null));
  }, [pet.petId]);
  const week = useMemo(() => (activity ? weekOption(activity) : null), [activity]);
  const trend = useMemo(() => (battery ? batteryOption(battery) : null), [battery]);
  const level = pet.live.battery;
  return (
    <>
      {level !== null && battery && level < battery.remindBelow && <Alert type="warning" showIcon message={A.charge.replace('{n}', String(battery.remindBelow))} data-testid="pt-charge" />}
      <section className="pt-card">
        <div className="pt-toolbar"><span className="pt-title">{A.week}</span></div>
        {week ? <EChart option={week} style={{ height: 280 }} testId="pt-week-chart" /> : <Empty description={P.common.empty} />}
        <Table<PetDay>
          rowKey="day" size="small" pagination={false} dataSource={activity?.days ?? []} data-testid="pt-days" style={{ marginTop: 12 }}
          columns={[
            { title: '日期', dataIndex: 'day', width: 120 },
            { title: A.steps, dataIndex: 'steps', render: (s: number) => <b>{s}</b> },
            { title: A.active, dataIndex: 'activeMinutes' },
            { title: A.rest, dataIndex: 'restMinutes' },
            { title: '说明', key: 'notes', render: (_, d) => <>{d.resets > 0 && <Tag>{A.resets.replace('{n}', String(d.resets))}</Tag>}{d.ignored > 0 && <Tag color="orange">{A.ignored.replace('{n}', String(d.ignored))}</Tag>}</> },
          ]}
        />
        <p className="pt-note">{A.rule}</p>
      </section>
      <section className="pt-card" data-testid="pt-battery-card">
        <div className="pt-toolbar">
          <span className="pt-title">{A.battery}</span>
          {battery?.drainPerHour != null && <span className="pt-muted">{A.drain} {battery.drainPerHour}%/小时 · {A.hoursLeft} {battery.hoursLeft} 小时</span>}
        </div>
        {trend && battery!.trend.length ? <EChart option={trend} style={{ height: 220 }} testId="pt-battery-chart" /> : <Empty description={P.common.empty} />}
        <p className="pt-note">{A.power}</p>
      </section>
    </>
  );
}

/** 活动统计: a week of daily steps against the goal, active and rest minutes, and the collar's battery. */
export function ActivityPage() {
  return <PetPageFrame title={A.title} testId="pt-activity">{(pet) => <ActivityOf key={pet.petId} pet={pet} />}</PetPageFrame>;
}
