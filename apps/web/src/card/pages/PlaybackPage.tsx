import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, DatePicker, Segmented, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { HistoryOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { cardEndpoints, type CardTrackExtras } from '@chelian/contracts';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { usePermissionMenu } from '../../shared/permission/usePermission.ts';
import { beijingDaySpan, beijingFormat } from '../../shared/format/beijingTime.ts';
import { CardMap, type MapPoint } from '../CardMap.tsx';
import { type ListView } from '../../shared/list/usePagedList.ts';
import { useLoaded, useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { beijingClock, beijingToday } from '../cardTime.ts';
import { allStaff } from '../allStaff.ts';
import { staffTrack } from '../staffTrack.ts';
import { effectiveShiftId, shiftSpanOn } from '../shiftSpan.ts';
import { C } from '../messages.ts';

const P = C.playback;
type Stretch = CardTrackExtras['stops'][number];
/** 2026-11-26 22:00 */
const toMinute = (ms: number) => beijingFormat(ms).slice(0, 16);
const NO_EXTRAS: CardTrackExtras = { stops: [], offPost: [] };
const columns: ColumnsType<Stretch> = [
  { title: P.start, dataIndex: 'start', render: beijingClock },
  { title: P.end, dataIndex: 'end', render: beijingClock },
  { title: P.minutes, dataIndex: 'minutes' },
];

/**
 * 轨迹回放: one person's track for the whole day or their shift that day (a night shift to the next
 * morning, shiftSpan.ts) drawn on the map, with the day's stops and off-post stretches on the map and
 * in tables. `?staffId=` picks the person and `?date=` (YYYY-MM-DD, Beijing) the day, as 工牌定位's
 * 轨迹回放 opens it. The car product's player is offered beside it only to an account holding
 * `car:playback` (a card-only account is refused it).
 */
export function PlaybackPage() {
  const { rows: staff } = useLoaded(allStaff, null);
  const [params, setParams] = useSearchParams();
  const staffId = Number(params.get('staffId')) || undefined;
  const asked = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : beijingToday();
  // the person and day live in the address, so a link (工牌定位's 轨迹回放) or a reload shows the same track
  const setParam = (key: 'staffId' | 'date', value: string) => setParams((p) => (p.set(key, value), p), { replace: true });
  const setStaffId = (id: number) => setParam('staffId', String(id));
  const setDate = (day: string) => setParam('date', day);
  const canPlayInCar = usePermissionMenu('car:playback');
  const [range, setRange] = useState<'day' | 'shift'>('day');
  const { rows: shifts } = useWholeList(cardEndpoints.shifts);
  const { rows: teams } = useWholeList(cardEndpoints.teams);
  // the person's stops and off-post stretches that day, loaded once a person is picked
  const track = useWholeList(cardEndpoints.track, { staffId, date }, { enabled: staffId !== undefined });
  const extras = track.data ?? NO_EXTRAS;
  const stretches = (rows: Stretch[]): ListView<Stretch> => ({ ...track, rows });
  const points: MapPoint[] = [
    ...extras.stops.map((s, i) => ({ id: i + 1, lat: s.lat, lon: s.lon, color: '#1677ff', label: `${P.stops} ${beijingClock(s.start)}` })),
    ...extras.offPost.map((s, i) => ({
      id: 1000 + i,
      lat: s.lat,
      lon: s.lon,
      color: '#f5222d',
      label: `${P.offPost} ${beijingClock(s.start)}`,
    })),
  ];
  const person = staff.find((s) => s.staffId === staffId);
  const shift = person && shifts.find((s) => s.shiftId === effectiveShiftId(person, teams));
  const span = range === 'day' ? beijingDaySpan(date) : shift ? shiftSpanOn(shift, date) : null;
  const spanText = span ? P.span(toMinute(span.start), toMinute(span.end)) : shift ? P.offDay : P.noShift;
  const trail = useLoaded(
    staffTrack,
    { staffId: staffId ?? 0, start: span?.start ?? 0, end: span?.end ?? 0 },
    // a person without a badge has no track (the platform would refuse: no terminal)
    { enabled: !!person?.terminalId && span !== null, keepOnFailure: false },
  );
  return (
    <div className="sp-page" data-testid="card-playback">
      <section className="sp-card">
        <div className="sp-toolbar">
          <span className="sp-title">{P.title}</span>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            placeholder={P.pick}
            value={staffId}
            onChange={setStaffId}
            options={staff.map((s) => ({ value: s.staffId, label: `${s.name} ${s.staffNo}` }))}
          />
          <DatePicker allowClear={false} value={dayjs(date)} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
          <Segmented
            value={range}
            onChange={(v) => setRange(v as 'day' | 'shift')}
            options={[
              { value: 'day', label: P.wholeDay },
              { value: 'shift', label: P.shift },
            ]}
            data-testid="card-playback-range"
          />
          {range === 'shift' && staffId && <span data-testid="card-playback-span">{spanText}</span>}
          {person && span && (
            <span className="sp-muted" data-testid="card-playback-count">
              {person.terminalId ? P.pointCount(trail.rows.length) : P.noBadge}
            </span>
          )}
          {canPlayInCar && (
            <Button
              icon={<HistoryOutlined />}
              disabled={!person?.terminalId || !span}
              onClick={() => window.open(playbackUrl(staffId!, span!), '_blank')}
              data-testid="card-playback-car"
            >
              {P.open}
            </Button>
          )}
        </div>
        <div style={{ height: 380, position: 'relative' }}>
          <CardMap points={points} focus={points[0] ?? null} trail={trail.rows} />
        </div>
      </section>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <ListCard<Stretch>
          title={P.stops}
          list={stretches(extras.stops)}
          columns={columns}
          rowKey="start"
          size="small"
          identityColumn={false}
        />
        <ListCard<Stretch>
          title={P.offPost}
          list={stretches(extras.offPost)}
          columns={columns}
          rowKey="start"
          size="small"
          identityColumn={false}
          table={{ 'data-testid': 'card-offpost-table' }}
        />
      </div>
    </div>
  );
}
