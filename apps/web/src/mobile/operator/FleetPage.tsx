import { useDeferredValue, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LastPosition } from '@chelian/contracts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { STATE_COLORS } from '../../shared/vehicle/vehicleState.ts';
import { vehicleTexts } from '../../shared/i18n/vehicleTexts.ts';
import { Loading } from '../app/Loading.tsx';
import { useFleet } from './fleetStore.ts';
import { fleetRows, stateOf, type OnlineFilter } from './fleetView.ts';
import { useFleetSearch } from './useFleetSearch.ts';
import { preloadLivePage } from './operatorPages.ts';
import { O } from './texts.ts';
import './operator.css';

const F = O.fleet;
const FILTERS: OnlineFilter[] = ['all', 'online', 'offline'];

function VehicleItem({ p, onOpen }: { p: LastPosition; onOpen: () => void }) {
  const state = stateOf(p);
  return (
    <li>
      <button type="button" className="mo-row" onClick={onOpen} data-testid={`mo-vehicle-${p.terminalId}`}>
        <span className="mo-dot" style={{ background: STATE_COLORS[state] }} aria-hidden="true" />
        <span className="mo-row-main">
          <span className="mo-row-title">{p.plate || p.name || p.terminalId}</span>
          <span className="mo-row-desc">
            {p.terminalId}
            {p.gpsTime ? ` · ${beijingFormat(p.gpsTime)}` : ''}
          </span>
        </span>
        <span className="mo-extra">
          {p.alarms.length > 0 && <span className="mo-tag mo-tag-danger">{p.alarmNames[0] ?? vehicleTexts.state.alarm}</span>}
          <span className={p.online ? 'mo-tag mo-tag-online' : 'mo-tag'}>{p.online ? F.online : F.offline}</span>
          {p.online && <span className="mo-speed">{O.vehicle.kmh(p.speed)}</span>}
        </span>
        <span className="mo-arrow" aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * 车队: search by plate, terminal number or driver (useFleetSearch), 在线/离线, a tap opens the live view.
 * Plain markup and CSS (operator.css), no component library: the app's first screen after a
 * signed-in start, it comes with the tabs in one small chunk (docs/mobile.md, Budget and speed).
 */
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
  // the live view's code once the list is on screen, so a tap does not wait for it
  useEffect(() => {
    if (fleet.loaded) preloadLivePage();
  }, [fleet.loaded]);

  const search = (value: string) => {
    setQuery(value);
    setParams(value ? { q: value } : {}, { replace: true });
  };

  return (
    <div className="m-page">
      <h1 className="m-navbar">{F.title}</h1>
      <div className="mo-sticky">
        <div className="mo-search">
          <span className="mo-search-icon" aria-hidden="true" />
          <input type="search" placeholder={F.search} aria-label={F.search} value={query} onChange={(e) => search(e.target.value)} />
          {query && (
            <button type="button" className="mo-search-clear" aria-label="清除" onClick={() => search('')}>
              ×
            </button>
          )}
        </div>
        <div className="mo-capsules" role="tablist">
          {FILTERS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={filter === key}
              className={filter === key ? 'mo-capsule mo-capsule-active' : 'mo-capsule'}
              onClick={() => setFilter(key)}
            >
              {`${F[key]} ${counts[key]}`}
            </button>
          ))}
        </div>
      </div>
      {fleet.status !== 'open' && fleet.loaded && (
        <div className="mo-notice" role="alert">
          {F.reconnecting}
        </div>
      )}
      {!fleet.loaded && !fleet.failed && <Loading />}
      {fleet.failed && <div className="m-center">{O.vehicle.notFound}</div>}
      {fleet.loaded && rows.length === 0 && <div className="m-center">{F.none}</div>}
      {rows.length > 0 && (
        <ul className="mo-list">
          {rows.map((p) => (
            <VehicleItem key={p.terminalId} p={p} onOpen={() => void navigate(`/fleet/${encodeURIComponent(p.terminalId)}`)} />
          ))}
        </ul>
      )}
      {fleet.loaded && (
        <div className="mo-count m-muted">{rows.length < total ? `${F.count(rows.length, total)}，${F.more}` : F.count(total, total)}</div>
      )}
    </div>
  );
}
