import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBlock, InfiniteScroll, List, NavBar, PullToRefresh, Skeleton, Tag } from 'antd-mobile';
import { elecCarEndpoints, type Alarm } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { useLiveTerminal } from '../shared/useLiveTerminal.ts';
import { useBikes } from './useBikes.ts';
import { EB } from './texts.ts';
import './ebike.css';

const PAGE_SIZE = 20;

/** 报警: the bike's alarms (vibration, moved while armed, low battery, power cut…), newest first; new ones arrive live. */
export function BikeAlarmsPage() {
  const { bikes, bike } = useBikes();
  const [alarms, setAlarms] = useState<Alarm[] | null>(null);
  const [more, setMore] = useState(false);
  const navigate = useNavigate();
  const bikeId = bike?.bikeId ?? null;
  const page = async (current: number) => {
    if (bikeId === null) return;
    const p = await call(elecCarEndpoints.alarms, { bikeId, current, pageSize: PAGE_SIZE }, { silent: true }).catch(() => null);
    if (!p) return setMore(false);
    setAlarms((list) => (current === 1 ? p.list : [...(list ?? []), ...p.list]));
    setMore(current * PAGE_SIZE < p.total);
  };
  useEffect(() => void page(1), [bikeId]); // eslint-disable-line react-hooks/exhaustive-deps
  useLiveTerminal('elec-car', bike?.terminalId || null, {
    onAlarm: (a) => setAlarms((l) => [a, ...(l ?? []).filter((x) => x.alarmId !== a.alarmId)]),
  });
  if (!bikes) return <Skeleton.Paragraph lineCount={6} animated />;
  if (!bike) return <ErrorBlock status="empty" title={EB.none} description={EB.noneHint} />;
  return (
    <div className="mb-page" data-testid="mb-alarms">
      <NavBar onBack={() => void navigate(`/ebike?bikeId=${bike.bikeId}`)}>{`${bike.plate || bike.name} · ${EB.alarms}`}</NavBar>
      <PullToRefresh onRefresh={() => page(1)}>
        {alarms?.length === 0 ? (
          <ErrorBlock status="empty" title={EB.alarmsNone} description={bike.plate} />
        ) : (
          <List className="mb-list">
            {(alarms ?? []).map((a) => (
              <List.Item
                key={a.alarmId}
                description={`${beijingFormat(a.alarmTime)}${a.speed ? ` · ${a.speed} km/h` : ''}`}
                extra={!a.handled ? <Tag color="danger">{EB.unhandled}</Tag> : null}
              >
                {a.typeName}
              </List.Item>
            ))}
          </List>
        )}
        {alarms !== null && (alarms.length > 0 || more) && (
          <InfiniteScroll loadMore={() => page(Math.floor((alarms?.length ?? 0) / PAGE_SIZE) + 1)} hasMore={more} />
        )}
      </PullToRefresh>
    </div>
  );
}
