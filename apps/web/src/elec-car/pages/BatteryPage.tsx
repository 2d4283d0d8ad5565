import { useMemo, useState } from 'react';
import { Empty, Tag } from 'antd';
import { elecCarEndpoints, type Bike, type BikeBattery } from '@chelian/contracts';
import { partOf } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { EChart } from '../../shared/charts/EChart.tsx';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import { BikePageFrame } from '../BikePageFrame.tsx';
import { DayRange, lastDays, type Days } from '../../shared/ui/DayRange.tsx';
import { E } from '../messages.ts';
import { beijingAxisTime, beijingDateTime, beijingFormat } from '../../shared/format/beijingTime.ts';

const B = E.battery;
/** A voltage to one decimal (54.0, not 54, beside 49.4). */
const volts = (v: number | null | undefined) => (v == null ? '—' : v.toFixed(1));
type Session = BikeBattery['charges'][number];
const EMPTY: BikeBattery = { trend: [], charges: [], bms: null };

function trendOption(data: BikeBattery): ChartOption {
  return {
    animation: false,
    grid: { left: 48, right: 48, top: 36, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { data: [B.voltage, B.percent], top: 0 },
    useUTC: true, // with beijingAxisTime: Beijing wall times on the axis
    xAxis: { type: 'time' },
    yAxis: [
      { type: 'value', name: 'V', scale: true },
      { type: 'value', name: '%', min: 0, max: 100 },
    ],
    series: [
      {
        name: B.voltage,
        type: 'line',
        showSymbol: false,
        data: data.trend.map((p) => [beijingAxisTime(p.time), p.voltage]),
        connectNulls: false,
      },
      {
        name: B.percent,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        areaStyle: { opacity: 0.08 },
        data: data.trend.map((p) => [beijingAxisTime(p.time), p.percent]),
      },
    ],
  };
}

function BatteryOf({ bike, days }: { bike: Bike; days: Days }) {
  const battery = useWholeList(elecCarEndpoints.battery, { bikeId: bike.bikeId, ...days }, { keepOnFailure: false });
  const data = battery.data ?? EMPTY;
  const option = useMemo(() => trendOption(data), [data]);
  const time = (at: number | null) => (at ? beijingDateTime(at) : <Tag color="green">{B.charging}</Tag>);
  return (
    <>
      <section className="sp-card">
        <div className="sp-toolbar">
          <span className="sp-title">{B.trend}</span>
        </div>
        {data.trend.length ? (
          <EChart option={option} style={{ height: 280 }} testId="ec-battery-chart" />
        ) : (
          <Empty description={E.common.empty} />
        )}
      </section>
      <ListCard<Session>
        title={B.charges}
        list={partOf(battery, data.charges)}
        rowKey="start"
        size="small"
        identityColumn={false}
        table={{ 'data-testid': 'ec-charges' }}
        columns={[
          { title: B.start, dataIndex: 'start', width: 140, render: time },
          { title: B.end, dataIndex: 'end', width: 140, render: time },
          { title: B.fromTo, key: 'pct', width: 160, render: (_, s) => `${s.startPercent ?? '—'}% → ${s.endPercent ?? '—'}%` },
          { title: B.voltage, key: 'v', width: 160, render: (_, s) => `${volts(s.startVoltage)} → ${volts(s.endVoltage)}` },
        ]}
      />
      <section className="sp-card" data-testid="ec-bms">
        <div className="sp-toolbar">
          <span className="sp-title">{B.bms}</span>
          {data.bms && <span className="sp-muted">{beijingFormat(data.bms.time)}</span>}
        </div>
        {data.bms ? (
          <>
            <div className="ec-bms">
              {data.bms.figures.map((f) => (
                <div key={f.key}>
                  <div className="ec-figure-label">{f.label}</div>
                  <div className="ec-figure-value">{f.value}</div>
                </div>
              ))}
            </div>
            <div style={{ marginTop: 12 }}>
              <span className="ec-figure-label">{B.faults}：</span>
              {data.bms.faults.length ? (
                data.bms.faults.map((f) => (
                  <Tag color="red" key={f}>
                    {f}
                  </Tag>
                ))
              ) : (
                <Tag color="green">{B.noFault}</Tag>
              )}
            </div>
            {data.bms.flagged.length > 0 && (
              <div style={{ marginTop: 8 }}>
                <span className="ec-figure-label">{B.flagged}：</span>
                {data.bms.flagged.map((f) => (
                  <Tag key={f}>{f}</Tag>
                ))}
              </div>
            )}
            {data.bms.cells.length > 0 && (
              <div style={{ marginTop: 8 }}>
                <span className="ec-figure-label">{B.cells}：</span>
                {data.bms.cells.map((v, i) => (
                  <Tag key={i}>{v.toFixed(3)}</Tag>
                ))}
              </div>
            )}
          </>
        ) : (
          <Empty description={B.noBms} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </section>
    </>
  );
}

/** 电池管理: voltage and charge trend, charge sessions, and the BMS figures and faults where the bike reports them. */
export function BatteryPage() {
  const [days, setDays] = useState<Days>(() => lastDays(1));
  return (
    <BikePageFrame title={B.title} testId="ec-battery" tools={<DayRange value={days} onChange={setDays} />}>
      {(bike) => <BatteryOf bike={bike} days={days} />}
    </BikePageFrame>
  );
}
