import { useState } from 'react';
import { Tabs, Tag } from 'antd';
import { elecCarEndpoints, type BikeTrips, type StayRow, type TripRow } from '@chelian/contracts';
import { partOf } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { BikePageFrame } from '../BikePageFrame.tsx';
import { DayRange, lastDays, type Days } from '../../shared/ui/DayRange.tsx';
import { E } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { durationText } from '../../shared/format/duration.ts';
import { browserPager } from '../../shared/ui/pagination.ts';
import { speedText } from '../../shared/format/speed.ts';
import { kmText } from '../../shared/format/distance.ts';

const R = E.trips;
const time = (at: number) => beijingDateTime(at);
/** As 数据报表's 行程报表 and 停留报表 write it (their figures are these). */
const duration = (s: number) => durationText(s * 1000);

const NO_TRIPS: BikeTrips = { trips: [], stops: [] };

/** Ten to a page in the browser: the answer holds the whole range. */
const PAGER = browserPager();

function TripsOf({ bikeId, days }: { bikeId: number; days: Days }) {
  const trips = useWholeList(elecCarEndpoints.trips, { bikeId, ...days }, { keepOnFailure: false });
  const data = trips.data ?? NO_TRIPS;
  return (
    <section className="sp-card">
      <Tabs
        items={[
          {
            key: 'trips',
            label: `${R.trips}（${data.trips.length}）`,
            children: (
              <ListCard<TripRow>
                bare
                list={partOf(trips, data.trips, PAGER)}
                rowKey={(r) => `${r.startAt}`}
                size="small"
                identityColumn={false}
                table={{ 'data-testid': 'ec-trips' }}
                columns={[
                  { title: R.start, dataIndex: 'startAt', width: 170, render: time },
                  { title: R.end, dataIndex: 'endAt', width: 170, render: time },
                  { title: R.duration, dataIndex: 'seconds', width: 110, render: duration },
                  { title: R.distance, dataIndex: 'distanceKm', width: 100, render: (km: number) => kmText(km) },
                  { title: R.avgSpeed, dataIndex: 'avgSpeed', width: 120, render: (v: number) => speedText(v) },
                  { title: R.maxSpeed, dataIndex: 'maxSpeed', width: 120, render: (v: number) => speedText(v) },
                ]}
              />
            ),
          },
          {
            key: 'stops',
            label: `${R.stops}（${data.stops.length}）`,
            children: (
              <ListCard<StayRow>
                bare
                list={partOf(trips, data.stops, PAGER)}
                rowKey={(r) => `${r.startAt}`}
                size="small"
                identityColumn={false}
                table={{ 'data-testid': 'ec-stops' }}
                columns={[
                  { title: R.start, dataIndex: 'startAt', width: 170, render: time },
                  {
                    title: R.end,
                    dataIndex: 'endAt',
                    width: 170,
                    render: (at: number, r) => (r.open ? <Tag color="blue">{R.ongoing}</Tag> : time(at)),
                  },
                  { title: R.duration, dataIndex: 'seconds', width: 110, render: duration },
                  {
                    title: E.status.position,
                    key: 'where',
                    width: 420,
                    render: (_, r) =>
                      r.lat !== null && r.lon !== null ? <AddressText point={{ lat: r.lat, lon: r.lon, mac: r.terminalId }} /> : '—',
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <div className="sp-muted" style={{ marginTop: 8 }}>
        {R.note}
      </div>
    </section>
  );
}

/** 行程停留: the bike's trips and stops over some days. */
export function TripsPage() {
  const [days, setDays] = useState<Days>(() => lastDays(7));
  return (
    <BikePageFrame title={R.title} testId="ec-trips-page" tools={<DayRange value={days} onChange={setDays} />}>
      {(bike) => <TripsOf bikeId={bike.bikeId} days={days} />}
    </BikePageFrame>
  );
}
