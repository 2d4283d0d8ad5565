import { memo } from 'react';
import { Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { AddressText } from '../../shared/address/AddressText.tsx';
import type { TrackPoint } from '../api/types.ts';
import { directionText } from '../fleet/vehicleState.ts';
import { M } from '../messages.ts';
import { durationText, type Overspeed, type Stop, type TrackSummary } from './trackAnalysis.ts';

const fmt = (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm:ss');

interface Props {
  points: readonly TrackPoint[];
  summary: TrackSummary;
  terminalId: string;
  height: number;
  onSeek: (time: number) => void;
}

/** The point table (virtual, addresses looked up as rows come into view), the stops and the overspeed stretches. */
export const PointTable = memo(function PointTable({ points, summary, terminalId, height, onSeek }: Props) {
  const at = (p: { lon: number; lat: number }) => ({ lon: p.lon, lat: p.lat, mac: terminalId });
  const onRow = (r: object) => ({ onClick: () => onSeek((r as { gpsTime?: number }).gpsTime ?? (r as { start?: number }).start ?? 0), style: { cursor: 'pointer' } });
  const scroll = { y: height - 95 };
  return (
    <Tabs
      size="small"
      className="car-playback-tabs"
      items={[
        {
          key: 'points',
          label: `${M.playback.table}（${points.length}）`,
          children: (
            <Table
              size="small"
              virtual
              pagination={false}
              scroll={scroll}
              // the points themselves (a month is 260 000 rows: no per-row copies)
              dataSource={points as TrackPoint[]}
              rowKey="gpsTime"
              onRow={onRow}
              data-testid="point-table"
              columns={[
                { title: M.playback.index, key: 'index', width: 80, render: (_: unknown, _p: TrackPoint, i: number) => i + 1 },
                { title: M.common.time, dataIndex: 'gpsTime', width: 170, render: fmt },
                { title: `${M.common.speed}（${M.common.kmh}）`, dataIndex: 'speed', width: 110 },
                { title: M.common.direction, dataIndex: 'direction', width: 80, render: (d: number) => directionText(d) },
                { title: `${M.vehicle.mileage}（${M.common.km}）`, dataIndex: 'mileage', width: 110, render: (m: number | null) => (m === null ? M.common.none : m) },
                { title: M.vehicle.acc, dataIndex: 'acc', width: 70, render: (a: boolean | null) => (a === null ? M.common.none : a ? M.vehicle.accOn : M.vehicle.accOff) },
                { title: M.vehicle.coords, key: 'coords', width: 190, render: (_: unknown, p: TrackPoint) => `${p.lon.toFixed(6)}, ${p.lat.toFixed(6)}` },
                { title: M.common.address, key: 'address', render: (_: unknown, p: TrackPoint) => <AddressText point={at(p)} /> },
              ]}
            />
          ),
        },
        {
          key: 'stops',
          label: `${M.playback.stops}（${summary.stops.length}）`,
          children: (
            <Table
              size="small"
              pagination={false}
              scroll={scroll}
              dataSource={summary.stops.map((s, i) => ({ ...s, key: i }))}
              onRow={onRow}
              columns={[
                { title: M.playback.index, key: 'i', width: 70, render: (_: unknown, _r: unknown, i: number) => i + 1 },
                { title: M.playback.from, dataIndex: 'start', width: 170, render: fmt },
                { title: M.playback.to, dataIndex: 'end', width: 170, render: fmt },
                { title: M.playback.duration, key: 'd', width: 110, render: (_: unknown, s: Stop) => durationText(s.end - s.start) },
                { title: M.common.address, key: 'address', render: (_: unknown, s: Stop) => <AddressText point={at(s)} /> },
              ]}
            />
          ),
        },
        {
          key: 'overspeed',
          label: `${M.playback.overspeed}（${summary.overspeeds.length}）`,
          children: (
            <Table
              size="small"
              pagination={false}
              scroll={scroll}
              dataSource={summary.overspeeds.map((o, i) => ({ ...o, key: i }))}
              onRow={onRow}
              columns={[
                { title: M.playback.index, key: 'i', width: 70, render: (_: unknown, _r: unknown, i: number) => i + 1 },
                { title: M.playback.from, dataIndex: 'start', width: 170, render: fmt },
                { title: M.playback.to, dataIndex: 'end', width: 170, render: fmt },
                { title: M.playback.maxSpeed, dataIndex: 'maxSpeed', width: 120, render: (v: number) => <Tag color="red">{v} {M.common.kmh}</Tag> },
                { title: M.common.address, key: 'address', render: (_: unknown, o: Overspeed) => <AddressText point={at(points[o.from])} /> },
              ]}
            />
          ),
        },
      ]}
    />
  );
});
