import { useMemo } from 'react';
import { Alert, Empty, Progress, Tag } from 'antd';
import { petEndpoints, type Pet, type PetActivity, type PetBattery, type PetDay } from '@chelian/contracts';
import { partOf } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { EChart } from '../../shared/charts/EChart.tsx';
import { beijingAxisTime } from '../../shared/format/beijingTime.ts';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { PetPageFrame } from '../PetPageFrame.tsx';
import { PowerSave } from './PowerSave.tsx';
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
    useUTC: true, // with beijingAxisTime: Beijing wall times on the axis
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: '%', min: 0, max: 100 },
    series: [
      {
        name: P.monitor.battery,
        type: 'line',
        showSymbol: false,
        areaStyle: { opacity: 0.1 },
        data: b.trend.map((p) => [beijingAxisTime(p.time), p.battery]),
      },
    ],
  };
}

/** Today's steps against the goal, and how many of the 7 days reached it. */
function GoalSummary({ activity }: { activity: PetActivity }) {
  const today = activity.days[activity.days.length - 1];
  if (!today) return null;
  const reached = activity.days.filter((d) => d.steps >= activity.goal).length;
  return (
    <span className="pt-goal" data-testid="pt-goal">
      <span>
        {A.today} <b>{today.steps}</b> {A.stepUnit} · {A.goalOf.replace('{goal}', String(activity.goal))}
      </span>
      <Progress percent={Math.min(100, Math.round((today.steps / activity.goal) * 100))} size="small" style={{ width: 140, margin: 0 }} />
      <span className="sp-muted">{A.goalDays.replace('{n}', String(reached))}</span>
    </span>
  );
}

function ActivityOf({ pet, onChanged }: { pet: Pet; onChanged: () => void }) {
  const activityList = useWholeList(petEndpoints.activity, { petId: pet.petId, days: 7 }, { keepOnFailure: false });
  const activity = activityList.data;
  const { data: battery } = useWholeList(petEndpoints.battery, { petId: pet.petId, hours: 24 }, { keepOnFailure: false });
  const week = useMemo(() => (activity ? weekOption(activity) : null), [activity]);
  const trend = useMemo(() => (battery ? batteryOption(battery) : null), [battery]);
  const level = pet.live.battery;
  return (
    <>
      {level !== null && battery && level < battery.remindBelow && (
        <Alert type="warning" showIcon message={A.charge.replace('{n}', String(battery.remindBelow))} data-testid="pt-charge" />
      )}
      <ListCard<PetDay>
        title={A.week}
        filters={activity && <GoalSummary activity={activity} />}
        above={week ? <EChart option={week} style={{ height: 280 }} testId="pt-week-chart" /> : <Empty description={P.common.empty} />}
        list={partOf(activityList, activity?.days)}
        rowKey="day"
        size="small"
        identityColumn={false}
        table={{ 'data-testid': 'pt-days', style: { marginTop: 12 } }}
        columns={[
          { title: A.day, dataIndex: 'day', width: 120 },
          { title: A.steps, dataIndex: 'steps', width: 120, render: (s: number) => <b>{s}</b> },
          { title: A.active, dataIndex: 'activeMinutes', width: 120 },
          { title: A.rest, dataIndex: 'restMinutes', width: 120 },
          {
            title: A.notes,
            key: 'notes',
            width: 240,
            render: (_, d) => (
              <>
                {d.resets > 0 && <Tag>{A.resets.replace('{n}', String(d.resets))}</Tag>}
                {d.ignored > 0 && <Tag color="orange">{A.ignored.replace('{n}', String(d.ignored))}</Tag>}
              </>
            ),
          },
        ]}
      >
        <p className="pt-note">{A.rule}</p>
      </ListCard>
      <section className="sp-card" data-testid="pt-battery-card">
        <div className="sp-toolbar">
          <span className="sp-title">{A.battery}</span>
          {battery?.drainPerHour != null && (
            <span className="sp-muted">
              {A.drain} {battery.drainPerHour}%/小时 · {A.hoursLeft} {battery.hoursLeft} 小时
            </span>
          )}
        </div>
        {trend && battery!.trend.length ? (
          <EChart option={trend} style={{ height: 220 }} testId="pt-battery-chart" />
        ) : (
          <Empty description={P.common.empty} />
        )}
        <PowerSave pet={pet} onChanged={onChanged} />
      </section>
    </>
  );
}

/** 活动统计: a week of daily steps against the goal, active and rest minutes, and the collar's battery. */
export function ActivityPage() {
  return (
    <PetPageFrame title={A.title} testId="pt-activity">
      {(pet, reload) => <ActivityOf key={pet.petId} pet={pet} onChanged={reload} />}
    </PetPageFrame>
  );
}
