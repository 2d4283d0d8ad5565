import { memo } from 'react';
import { Tabs, Tag } from 'antd';
import { AddressText } from '../../shared/address/AddressText.tsx';
import type { Track } from '@chelian/contracts';
import { M } from '../messages.ts';
import { TrackPointTable } from './TrackPointTable.tsx';
import type { Overspeed, Stop, TrackSummary } from './trackAnalysis.ts';
import { durationText } from '../../shared/format/duration.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { partOf } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const fmt = (t: number) => beijingFormat(t);
/** The track has loaded before the tables show (PlaybackPage), and a failed load is the toolbar's toast: no spinner, no failure here. */
const LOADED = { loading: false, error: null, reload: () => Promise.resolve() };
/** The address takes what the fixed columns leave (the table stretches its columns to the panel's width). */
const ADDRESS_WIDTH = 600;

interface Props {
  track: Track;
  summary: TrackSummary;
  height: number;
  onSeek: (time: number) => void;
}

/** The point table (virtual, addresses looked up as rows come into view), the stops and the overspeed stretches. */
export const PointTable = memo(function PointTable({ track, summary, height, onSeek }: Props) {
  const at = (p: { lon: number; lat: number }) => ({ lon: p.lon, lat: p.lat, mac: track.terminalId });
  const onRow = (r: { start: number }) => ({ onClick: () => onSeek(r.start), style: { cursor: 'pointer' } });
  const rowsHeight = height - 95;
  return (
    <Tabs
      size="small"
      className="car-playback-tabs"
      items={[
        {
          key: 'points',
          label: `${M.playback.table}（${track.length}）`,
          children: <TrackPointTable track={track} height={height - 50} onSeek={onSeek} />,
        },
        {
          key: 'stops',
          label: `${M.playback.stops}（${summary.stops.length}）`,
          children: (
            <ListCard<Stop & { key: number }>
              bare
              size="small"
              height={rowsHeight}
              identityColumn={false}
              list={partOf(
                LOADED,
                summary.stops.map((s, i) => ({ ...s, key: i })),
              )}
              rowKey="key"
              table={{ onRow }}
              columns={[
                { title: M.playback.index, key: 'i', width: 70, render: (_: unknown, _r: unknown, i: number) => i + 1 },
                { title: M.playback.from, dataIndex: 'start', width: 170, render: fmt },
                { title: M.playback.to, dataIndex: 'end', width: 170, render: fmt },
                { title: M.playback.duration, key: 'd', width: 110, render: (_: unknown, s: Stop) => durationText(s.end - s.start) },
                {
                  title: M.common.address,
                  key: 'address',
                  width: ADDRESS_WIDTH,
                  render: (_: unknown, s: Stop) => <AddressText point={at(s)} />,
                },
              ]}
            />
          ),
        },
        {
          key: 'overspeed',
          label: `${M.playback.overspeed}（${summary.overspeeds.length}）`,
          children: (
            <ListCard<Overspeed & { key: number }>
              bare
              size="small"
              height={rowsHeight}
              identityColumn={false}
              list={partOf(
                LOADED,
                summary.overspeeds.map((o, i) => ({ ...o, key: i })),
              )}
              rowKey="key"
              table={{ onRow }}
              columns={[
                { title: M.playback.index, key: 'i', width: 70, render: (_: unknown, _r: unknown, i: number) => i + 1 },
                { title: M.playback.from, dataIndex: 'start', width: 170, render: fmt },
                { title: M.playback.to, dataIndex: 'end', width: 170, render: fmt },
                {
                  title: M.playback.maxSpeed,
                  dataIndex: 'maxSpeed',
                  width: 120,
                  render: (v: number) => (
                    <Tag color="red">
                      {v} {M.common.kmh}
                    </Tag>
                  ),
                },
                {
                  title: M.common.address,
                  key: 'address',
                  width: ADDRESS_WIDTH,
                  render: (_: unknown, o: Overspeed) => <AddressText point={at({ lon: track.lon[o.from], lat: track.lat[o.from] })} />,
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
});
