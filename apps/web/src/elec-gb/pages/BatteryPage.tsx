import { useState } from 'react';
import { Button, Input, Progress, Space, Tag, Tooltip } from 'antd';
import { elecGbEndpoints, type GbBatteryRow } from '@chelian/contracts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { BatteryTrendModal } from '../BatteryTrendModal.tsx';
import { G } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const B = G.battery;
const HEALTH_COLOR: Record<string, string> = { good: 'green', fair: 'gold', poor: 'red', unknown: 'default' };
const num = (v: number | null, unit: string, digits = 1) =>
  v === null ? <span className="sp-muted">{G.common.none}</span> : `${v.toFixed(digits)} ${unit}`;

function RiskBar({ row }: { row: GbBatteryRow }) {
  const color = row.risk >= 60 ? '#e5484d' : row.risk >= 20 ? '#f5a623' : '#30a46c';
  return (
    <Tooltip title={row.riskReasons.join('；') || B.calm}>
      <Progress percent={row.risk} size="small" strokeColor={color} format={(p) => `${p}`} style={{ width: 110, margin: 0 }} />
    </Tooltip>
  );
}

/** 电池安全: every registered bike's newest BMS figures, riskiest first; a bike's trends on click. */
export function BatteryPage() {
  const [keyword, setKeyword] = useState<string>();
  const list = usePagedList(elecGbEndpoints.battery, { keyword });
  const [trend, setTrend] = useState<GbBatteryRow | null>(null);
  return (
    <div className="sp-page" data-testid="gb-battery">
      <ListCard<GbBatteryRow>
        title={B.title}
        filters={
          <Input.Search allowClear placeholder={B.keyword} style={{ width: 240 }} onSearch={(k) => setKeyword(k.trim() || undefined)} />
        }
        list={list}
        rowKey="bikeId"
        size="small"
        table={{ 'data-testid': 'gb-battery-table' }}
        columns={[
          {
            title: G.alarm.bike,
            key: 'bike',
            width: 165,
            fixed: 'left',
            render: (_, r) => <a onClick={() => setTrend(r)}>{r.plate || r.frameNo}</a>,
          },
          { title: B.risk, key: 'risk', width: 130, render: (_, r) => <RiskBar row={r} /> },
          {
            title: B.reasons,
            key: 'reasons',
            width: 220,
            render: (_, r) =>
              r.riskReasons.length ? (
                r.riskReasons.map((x) => (
                  <Tag color="red" key={x}>
                    {x}
                  </Tag>
                ))
              ) : (
                <span className="sp-muted">{r.reportedAt ? B.calm : B.noReport}</span>
              ),
          },
          { title: B.soc, dataIndex: 'socPct', width: 70, render: (v: number | null) => (v === null ? G.common.none : `${v}%`) },
          { title: B.voltage, dataIndex: 'voltageV', width: 80, render: (v: number | null) => num(v, 'V', 2) },
          { title: B.current, dataIndex: 'currentA', width: 80, render: (v: number | null) => num(v, 'A', 2) },
          { title: B.temperature, dataIndex: 'temperatureC', width: 80, render: (v: number | null) => num(v, '°C') },
          {
            title: B.cells,
            key: 'cells',
            width: 125,
            render: (_, r) => (r.cellMinV === null ? G.common.none : `${r.cellMinV} / ${r.cellMaxV} V`),
          },
          {
            title: B.spread,
            dataIndex: 'cellSpreadV',
            width: 75,
            render: (v: number | null) => (v === null ? G.common.none : `${Math.round(v * 1000)} mV`),
          },
          { title: B.cycles, dataIndex: 'cycles', width: 70, render: (v: number | null) => v ?? G.common.none },
          {
            title: B.health,
            key: 'health',
            width: 120,
            render: (_, r) => (
              <Tag color={HEALTH_COLOR[r.health]}>
                {r.healthPct === null ? r.healthName : `${r.healthPct}% ${r.healthName.replace(/（.*）/, '')}`}
              </Tag>
            ),
          },
          {
            title: `${B.faults}/${B.flagged}`,
            key: 'faults',
            width: 180,
            render: (_, r) => (
              <Space size={2} wrap>
                {r.faults.map((f) => (
                  <Tag color="red" key={f}>
                    {f}
                  </Tag>
                ))}
                {r.flagged.map((f) => (
                  <Tag key={f}>{f}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: B.reported,
            dataIndex: 'reportedAt',
            width: 155,
            render: (at: number | null) => (at ? beijingDateTime(at) : G.common.none),
          },
          {
            title: G.common.actions,
            key: 'trend',
            width: 90,
            fixed: 'right',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setTrend(r)} data-testid="gb-trend">
                {B.trend}
              </Button>
            ),
          },
        ]}
      />
      <BatteryTrendModal row={trend} onClose={() => setTrend(null)} />
    </div>
  );
}
