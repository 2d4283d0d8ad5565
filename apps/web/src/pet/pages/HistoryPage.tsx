import { useMemo, useState } from 'react';
import { DatePicker, Empty } from 'antd';
import type { Dayjs } from 'dayjs';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { petEndpoints, type Pet, type PetHistory } from '@chelian/contracts';
import { partOf } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { PetPageFrame } from '../PetPageFrame.tsx';
import { PetHeatMap } from '../PetHeatMap.tsx';
import { mapZoneOf, type MapZone } from '../PetZoneMap.tsx';
import { P } from '../messages.ts';
import { browserPager } from '../../shared/ui/pagination.ts';

const H = P.history;
type HeatCell = PetHistory['heat'][number];

function HistoryOf({ pet, day }: { pet: Pet; day: Dayjs }) {
  const history = useWholeList(petEndpoints.history, { petId: pet.petId, date: day.format('YYYY-MM-DD') }, { keepOnFailure: false });
  const { data } = history;
  const { rows: petZones } = useWholeList(petEndpoints.zones, { petId: pet.petId }, { silent: true });
  const zones = useMemo<MapZone[]>(() => petZones.map(mapZoneOf), [petZones]);
  return (
    <ListCard<HeatCell>
      title={H.title}
      filters={<span className="sp-muted">{data ? H.count.replace('{n}', String(data.points.length)) : ''}</span>}
      above={data?.points.length ? <PetHeatMap history={data} zones={zones} /> : <Empty description={P.common.empty} />}
      list={partOf(history, data?.heat, browserPager())}
      rowKey={(c) => `${c.lat},${c.lon}`}
      size="small"
      identityColumn={false}
      table={{ 'data-testid': 'pt-heat-table', style: { marginTop: 12 } }}
      columns={[
        { title: H.place, key: 'p', width: 480, render: (_, c) => <AddressText point={{ lon: c.lon, lat: c.lat, mac: '' }} /> },
        { title: H.minutes, dataIndex: 'minutes', width: 140 },
      ]}
    >
      <p className="pt-note">{H.note}</p>
    </ListCard>
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
