import { useMemo, useState } from 'react';
import { DatePicker, Empty, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { petEndpoints, type Pet } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/usePagedList.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { PetPageFrame } from '../PetPageFrame.tsx';
import { PetHeatMap } from '../PetHeatMap.tsx';
import { mapZoneOf, type MapZone } from '../PetZoneMap.tsx';
import { P } from '../messages.ts';

const H = P.history;

function HistoryOf({ pet, day }: { pet: Pet; day: Dayjs }) {
  const { data } = useWholeList(petEndpoints.history, { petId: pet.petId, date: day.format('YYYY-MM-DD') }, { keepOnFailure: false });
  const { rows: petZones } = useWholeList(petEndpoints.zones, { petId: pet.petId }, { silent: true });
  const zones = useMemo<MapZone[]>(() => petZones.map(mapZoneOf), [petZones]);
  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{H.title}</span>
        <span className="sp-muted">{data ? H.count.replace('{n}', String(data.points.length)) : ''}</span>
      </div>
      {data?.points.length ? <PetHeatMap history={data} zones={zones} /> : <Empty description={P.common.empty} />}
      <Table
        rowKey={(c) => `${c.lat},${c.lon}`}
        size="small"
        pagination={{ pageSize: 10 }}
        dataSource={data?.heat ?? []}
        style={{ marginTop: 12 }}
        data-testid="pt-heat-table"
        columns={[
          { title: H.place, key: 'p', render: (_, c) => <AddressText point={{ lon: c.lon, lat: c.lat, mac: '' }} /> },
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
    <PetPageFrame
      title={H.title}
      testId="pt-history"
      tools={
        <DatePicker
          value={day}
          allowClear={false}
          onChange={(d) => d && setDay(d)}
          disabledDate={(d) => d.isAfter(beijingToday(), 'day')}
        />
      }
    >
      {(pet) => <HistoryOf key={pet.petId} pet={pet} day={day} />}
    </PetPageFrame>
  );
}
