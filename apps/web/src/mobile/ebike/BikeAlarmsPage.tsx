import { useNavigate } from 'react-router';
import { ErrorBlock, InfiniteScroll, List, NavBar, PullToRefresh, Skeleton, Tag } from 'antd-mobile';
import { elecCarEndpoints, type Alarm } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useMoreList } from '../../shared/list/useMoreList.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { useLiveTerminal } from '../shared/useLiveTerminal.ts';
import { useBikes } from './useBikes.ts';
import { EB } from './texts.ts';
import './ebike.css';

const PAGE_SIZE = 20;

const loadAlarms = ({ bikeId }: { bikeId?: number }, current: number) =>
  call(elecCarEndpoints.alarms, { bikeId: bikeId!, current, pageSize: PAGE_SIZE }, { silent: true });

/** 报警: the bike's alarms (vibration, moved while armed, low battery, power cut…), newest first; new ones arrive live. */
export function BikeAlarmsPage() {
  const { bikes, bike } = useBikes();
  const navigate = useNavigate();
  const bikeId = bike?.bikeId;
  const list = useMoreList(loadAlarms, { bikeId }, { pageSize: PAGE_SIZE, keyOf: (a: Alarm) => a.alarmId, enabled: bikeId !== undefined });
  const alarms = list.rows;
  useLiveTerminal('elec-car', bike?.terminalId || null, {
    onAlarm: (a) => list.change((l) => [a, ...l.filter((x) => x.alarmId !== a.alarmId)]),
  });
  if (!bikes) return <Skeleton.Paragraph lineCount={6} animated />;
  if (!bike) return <ErrorBlock status="empty" title={EB.none} description={EB.noneHint} />;
  return (
    <div className="mb-page" data-testid="mb-alarms">
      <NavBar onBack={() => void navigate(`/ebike?bikeId=${bike.bikeId}`)}>{`${bike.plate || bike.name} · ${EB.alarms}`}</NavBar>
      <PullToRefresh onRefresh={list.refresh}>
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
        {alarms !== null && (alarms.length > 0 || list.hasMore) && <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore} />}
      </PullToRefresh>
    </div>
  );
}
