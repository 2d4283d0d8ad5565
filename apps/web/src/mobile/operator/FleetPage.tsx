import { useDeferredValue, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CapsuleTabs, DotLoading, ErrorBlock, List, NavBar, NoticeBar, SearchBar, Tag } from 'antd-mobile';
import type { LastPosition } from '@chelian/contracts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { STATE_COLORS } from '../../shared/vehicle/vehicleState.ts';
import { vehicleTexts } from '../../shared/i18n/vehicleTexts.ts';
import { useFleet } from './fleetStore.ts';
import { fleetRows, stateOf, type OnlineFilter } from './fleetView.ts';
import { useFleetSearch } from './useFleetSearch.ts';
import { O } from './texts.ts';
import './operator.css';

const F = O.fleet;

function VehicleItem({ p, onOpen }: { p: LastPosition; onOpen: () => void }) {
  const state = stateOf(p);
  return (
    <List.Item
      onClick={onOpen}
      prefix={<span className="mo-dot" style={{ background: STATE_COLORS[state] }} aria-hidden="true" />}
      description={
        <span>
          {p.terminalId}
          {p.gpsTime ? ` · ${beijingFormat(p.gpsTime)}` : ''}
        </span>
      }
      extra={
        <span className="mo-extra">
          {p.alarms.length > 0 && <Tag color="danger">{p.alarmNames[0] ?? vehicleTexts.state.alarm}</Tag>}
          <Tag color={p.online ? 'success' : 'default'} fill="outline">
            {p.online ? F.online : F.offline}
          </Tag>
          {p.online && <span className="mo-speed">{O.vehicle.kmh(p.speed)}</span>}
        </span>
      }
      arrowIcon
      data-testid={`mo-vehicle-${p.terminalId}`}
    >
      {p.plate || p.name || p.terminalId}
    </List.Item>
  );
}

/** 车队: search by plate, terminal number or driver (useFleetSearch), 在线/离线, a tap opens the live view. */
export default function FleetPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [filter, setFilter] = useState<OnlineFilter>('all');
  const fleet = useFleet();
  const deferred = useDeferredValue(query);
  // Words typed are searched on the server (the whole fleet); until answered, and with none, what the phone holds.
  const found = useFleetSearch(deferred, filter, fleet.positions);
  const { rows, total, counts } = found ?? fleetRows(fleet.positions.values(), deferred, filter);

  const search = (value: string) => {
    setQuery(value);
    setParams(value ? { q: value } : {}, { replace: true });
  };

  return (
    <div className="m-page">
      <NavBar back={null}>{F.title}</NavBar>
      <div className="mo-sticky">
        <SearchBar placeholder={F.search} value={query} onChange={search} onClear={() => search('')} aria-label={F.search} />
        <CapsuleTabs activeKey={filter} onChange={(k) => setFilter(k as OnlineFilter)}>
          <CapsuleTabs.Tab key="all" title={`${F.all} ${counts.all}`} />
          <CapsuleTabs.Tab key="online" title={`${F.online} ${counts.online}`} />
          <CapsuleTabs.Tab key="offline" title={`${F.offline} ${counts.offline}`} />
        </CapsuleTabs>
      </div>
      {fleet.status !== 'open' && fleet.loaded && <NoticeBar content={F.reconnecting} color="alert" />}
      {!fleet.loaded && !fleet.failed && (
        <div className="m-center">
          <DotLoading color="primary" />
        </div>
      )}
      {fleet.failed && <ErrorBlock status="disconnected" title={O.vehicle.notFound} description="" />}
      {fleet.loaded && rows.length === 0 && <ErrorBlock status="empty" title={F.none} description="" />}
      {rows.length > 0 && (
        <List>
          {rows.map((p) => (
            <VehicleItem key={p.terminalId} p={p} onOpen={() => void navigate(`/fleet/${encodeURIComponent(p.terminalId)}`)} />
          ))}
        </List>
      )}
      {fleet.loaded && (
        <div className="mo-count m-muted">{rows.length < total ? `${F.count(rows.length, total)}，${F.more}` : F.count(total, total)}</div>
      )}
    </div>
  );
}
