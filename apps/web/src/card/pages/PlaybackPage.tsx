import { useEffect, useState } from 'react';
import { Button, DatePicker, Select, Table } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { cardEndpoints, type CardTrackExtras } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { CardMap, type MapPoint } from '../CardMap.tsx';
import { beijingClock, beijingToday, useStaffList } from '../useCardData.ts';
import { C } from '../messages.ts';

const P = C.playback;
type Stretch = CardTrackExtras['stops'][number];

/** 轨迹回放: one person's day — stops and off-post stretches on the map and in tables; the track itself plays in the platform's playback. */
export function PlaybackPage() {
  const { staff } = useStaffList();
  const [staffId, setStaffId] = useState<number | undefined>();
  const [date, setDate] = useState(beijingToday());
  const [extras, setExtras] = useState<CardTrackExtras>({ stops: [], offPost: [] });
  useEffect(() => {
    if (staffId) void call(cardEndpoints.track, { staffId, date }).then(setExtras, () => {});
  }, [staffId, date]);
  const points: MapPoint[] = [
    ...extras.stops.map((s, i) => ({ id: i + 1, lat: s.lat, lon: s.lon, color: '#1677ff', label: `${P.stops} ${beijingClock(s.start)}` })),
    ...extras.offPost.map((s, i) => ({ id: 1000 + i, lat: s.lat, lon: s.lon, color: '#f5222d', label: `${P.offPost} ${beijingClock(s.start)}` })),
  ];
  const start = dayjs(`${date}T00:00:00+08:00`).valueOf();
  const columns = [
    { title: P.start, dataIndex: 'start', render: beijingClock },
    { title: P.end, dataIndex: 'end', render: beijingClock },
    { title: P.minutes, dataIndex: 'minutes' },
  ];
  return (
    <div className="cd-page" data-testid="card-playback">
      <section className="cd-card">
        <div className="cd-toolbar">
          <span className="cd-title">{P.title}</span>
          <Select showSearch optionFilterProp="label" style={{ width: 200 }} placeholder={P.pick} value={staffId} onChange={setStaffId} options={staff.map((s) => ({ value: s.staffId, label: `${s.name} ${s.staffNo}` }))} />
          <DatePicker allowClear={false} value={dayjs(date)} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
          <Button icon={<HistoryOutlined />} disabled={!staffId} onClick={() => window.open(playbackUrl(staffId!, { start, end: start + 86_400_000 - 1 }), '_blank')}>{P.open}</Button>
        </div>
        <div style={{ height: 380, position: 'relative' }}><CardMap points={points} focus={points[0] ?? null} /></div>
      </section>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <section className="cd-card"><div className="cd-toolbar"><span className="cd-title">{P.stops}</span></div><Table<Stretch> rowKey="start" size="small" pagination={false} dataSource={extras.stops} columns={columns} /></section>
        <section className="cd-card"><div className="cd-toolbar"><span className="cd-title">{P.offPost}</span></div><Table<Stretch> rowKey="start" size="small" pagination={false} dataSource={extras.offPost} columns={columns} data-testid="card-offpost-table" /></section>
      </div>
    </div>
  );
}
