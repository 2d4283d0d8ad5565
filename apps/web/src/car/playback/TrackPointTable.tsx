import { useState } from 'react';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { TRACK_FLAG } from '@chelian/contracts';
import type { Track } from '@chelian/contracts';
import { directionText } from '../../shared/vehicle/vehicleState.ts';
import { M } from '../messages.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';

const ROW_HEIGHT = 32;
/** rows drawn above and below the visible ones, so a fast scroll shows no gap */
const OVERSCAN = 8;

/** One point as the table shows it: made only for the rows on screen. */
export function pointRow(track: Track, i: number) {
  const flags = track.flags[i];
  const mileage = track.mileage[i];
  return {
    index: i + 1,
    time: beijingFormat(track.time[i]),
    speed: track.speed[i],
    direction: directionText(track.course[i]),
    mileage: Number.isNaN(mileage) ? M.common.none : mileage,
    acc: flags & TRACK_FLAG.accKnown ? (flags & TRACK_FLAG.accOn ? M.vehicle.accOn : M.vehicle.accOff) : M.common.none,
    address: { lon: track.lon[i], lat: track.lat[i], mac: track.terminalId },
  };
}

const COLUMNS: Array<{ title: string; width?: number }> = [
  { title: M.playback.index, width: 80 },
  { title: M.common.time, width: 170 },
  { title: `${M.common.speed}（${M.common.kmh}）`, width: 110 },
  { title: M.common.direction, width: 80 },
  { title: `${M.vehicle.mileage}（${M.common.km}）`, width: 110 },
  { title: M.vehicle.acc, width: 70 },
  { title: M.common.address },
];
const cell = (width?: number) => ({ style: width ? { width, flex: `0 0 ${width}px` } : { flex: 1, minWidth: 160 } });

/**
 * Every point of the track in a virtual list: a month is 260 000 rows, so only the ~10 on screen
 * exist as elements (and as row objects); addresses are asked for those rows only.
 */
export function TrackPointTable({ track, height, onSeek }: { track: Track; height: number; onSeek: (time: number) => void }) {
  const [scrollTop, setScrollTop] = useState(0);
  const bodyHeight = Math.max(ROW_HEIGHT, height - ROW_HEIGHT);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(track.length, Math.ceil((scrollTop + bodyHeight) / ROW_HEIGHT) + OVERSCAN);
  const rows = [];
  for (let i = first; i < last; i++) {
    const r = pointRow(track, i);
    const values = [r.index, r.time, r.speed, r.direction, r.mileage, r.acc];
    rows.push(
      <div
        key={i}
        className="car-points-row"
        role="row"
        style={{ top: i * ROW_HEIGHT, height: ROW_HEIGHT }}
        onClick={() => onSeek(track.time[i])}
      >
        {values.map((v, c) => (
          <div key={c} role="cell" {...cell(COLUMNS[c].width)}>
            {v}
          </div>
        ))}
        <div role="cell" {...cell()}>
          <AddressText point={r.address} />
        </div>
      </div>,
    );
  }
  return (
    <div className="car-points" role="table" data-testid="point-table" data-rows={track.length}>
      <div className="car-points-head" role="row" style={{ height: ROW_HEIGHT }}>
        {COLUMNS.map((c) => (
          <div key={c.title} role="columnheader" {...cell(c.width)}>
            {c.title}
          </div>
        ))}
      </div>
      <div className="car-points-body" style={{ height: bodyHeight }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <div style={{ height: track.length * ROW_HEIGHT, position: 'relative' }}>{rows}</div>
      </div>
    </div>
  );
}
