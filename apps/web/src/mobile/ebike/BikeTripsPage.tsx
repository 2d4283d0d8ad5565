import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CapsuleTabs, ErrorBlock, List, NavBar, Skeleton } from 'antd-mobile';
import { elecCarEndpoints, type BikeTrips } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { durationText } from '../../shared/format/duration.ts';
import { recentDays } from './bikeView.ts';
import { useBikes } from './useBikes.ts';
import { EB } from './texts.ts';
import './ebike.css';

const DAY_NAMES = [EB.days.today, EB.days.yesterday, EB.days.before];
const NO_TRIPS: BikeTrips = { trips: [], stops: [] };

/** 行程: a day's rides (from, to, distance, time, average speed) and where the bike stood between them. */
export function BikeTripsPage() {
  const { bikes, bike } = useBikes();
  const days = recentDays();
  const [day, setDay] = useState(days[0]!);
  const navigate = useNavigate();
  const bikeId = bike?.bikeId;
  const list = useWholeList(
    elecCarEndpoints.trips,
    { bikeId, startDate: day, endDate: day },
    { silent: true, keepOnFailure: false, enabled: bikeId !== undefined },
  );
  // another day or bike waits on its own answer; a failed load shows no rides
  const trips = list.loading ? null : (list.data ?? (list.error ? NO_TRIPS : null));
  if (!bikes) return <Skeleton.Paragraph lineCount={6} animated />;
  if (!bike) return <ErrorBlock status="empty" title={EB.none} description={EB.noneHint} />;
  return (
    <div className="mb-page" data-testid="mb-trips">
      <NavBar onBack={() => void navigate(`/ebike?bikeId=${bike.bikeId}`)}>{`${bike.plate || bike.name} · ${EB.trips}`}</NavBar>
      <CapsuleTabs activeKey={day} onChange={setDay}>
        {days.map((d, i) => (
          <CapsuleTabs.Tab key={d} title={DAY_NAMES[i]} />
        ))}
      </CapsuleTabs>
      {!trips ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : trips.trips.length === 0 ? (
        <ErrorBlock status="empty" title={EB.tripsNone} description={day} />
      ) : (
        <List header={`${EB.trips} ${trips.trips.length}`} className="mb-list" data-testid="mb-trip-list">
          {trips.trips.map((t) => (
            <List.Item key={t.startAt} description={EB.tripLine(t.distanceKm, durationText(t.seconds * 1000), t.avgSpeed)}>
              {beijingFormat(t.startAt, 'HH:mm')} – {beijingFormat(t.endAt, 'HH:mm')}
            </List.Item>
          ))}
        </List>
      )}
      {trips && trips.stops.length > 0 && (
        <List header={`${EB.stops} ${trips.stops.length}`} className="mb-list">
          {trips.stops.map((s) => (
            <List.Item key={s.startAt} description={durationText(s.seconds * 1000)}>
              {beijingFormat(s.startAt, 'HH:mm')} – {s.open ? '至今' : beijingFormat(s.endAt, 'HH:mm')}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
