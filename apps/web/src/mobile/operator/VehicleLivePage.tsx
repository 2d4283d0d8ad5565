import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, DotLoading, ErrorBlock, NavBar, Tag } from 'antd-mobile';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { vehicleTexts } from '../../shared/i18n/vehicleTexts.ts';
import { STATE_COLORS } from '../../shared/vehicle/vehicleState.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { useFleet } from './fleetStore.ts';
import { stateOf } from './fleetView.ts';
import { useTodayTrack } from './useTodayTrack.ts';
import { COMMAND_PERMISSION } from './commands.ts';
import { CommandButton } from './CommandButton.tsx';
import { O } from './texts.ts';
import './operator.css';

const LiveMap = lazy(() => import('./LiveMap.tsx'));
const V = O.vehicle;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="mo-fact">
      <span className="m-muted">{label}</span>
      <b>{value}</b>
    </div>
  );
}

/** One vehicle live: on the map with today's track, its state, its alarms, the commands the role may send. */
export default function VehicleLivePage() {
  const { terminalId = '' } = useParams();
  const navigate = useNavigate();
  const fleet = useFleet();
  const p = fleet.positions.get(terminalId);
  const track = useTodayTrack(terminalId, p && p.valid ? { lon: p.lon, lat: p.lat, gpsTime: p.gpsTime } : null);
  const mayCommand = usePermissionStore((s) => s.sets.buttons.has(COMMAND_PERMISSION));
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/fleet'));

  if (!p) {
    return (
      <div className="m-page">
        <NavBar onBack={() => void back()}>{V.title}</NavBar>
        {fleet.loaded ? (
          <ErrorBlock status="empty" title={V.notFound} description={terminalId} />
        ) : (
          <div className="m-center">
            <DotLoading color="primary" />
          </div>
        )}
      </div>
    );
  }

  const state = stateOf(p);
  const located = p.lat !== 0 || p.lon !== 0;
  return (
    <div className="mo-live" data-testid="mo-live">
      <NavBar onBack={() => void back()}>{p.plate || p.terminalId}</NavBar>
      <div className="mo-live-map">
        {located ? (
          <Suspense
            fallback={
              <div className="m-center">
                <DotLoading color="primary" />
              </div>
            }
          >
            <LiveMap at={[p.lon, p.lat]} course={p.direction} state={state} plate={p.plate} track={track} />
          </Suspense>
        ) : (
          <ErrorBlock status="empty" title={V.noPosition} description="" />
        )}
      </div>
      <section className="mo-live-panel" aria-label={V.title}>
        <div className="mo-live-head">
          <span className="mo-live-plate">{p.plate || p.name || p.terminalId}</span>
          <span>
            {p.alarms.length > 0 && p.alarmNames.length > 0 && <Tag color="danger">{p.alarmNames.join('、')}</Tag>}{' '}
            <Tag color={STATE_COLORS[state]} data-testid="mo-online">
              {vehicleTexts.state[state]}
            </Tag>
          </span>
        </div>
        <div className="mo-facts">
          <Fact label={V.speed} value={V.kmh(p.speed)} />
          <Fact label={V.acc} value={p.acc === null ? '—' : p.acc ? V.accOn : V.accOff} />
          <Fact label={V.track} value={V.trackPoints(track.length)} />
          <Fact label={V.gpsTime} value={p.gpsTime ? beijingFormat(p.gpsTime, 'HH:mm:ss') : '—'} />
          <Fact label={V.terminal} value={p.terminalId} />
          <Fact label={V.mileage} value={p.mileage === null ? '—' : V.km(p.mileage)} />
        </div>
        <div className="mo-actions">
          {mayCommand && <CommandButton terminalId={p.terminalId} plate={p.plate || p.terminalId} />}
          <Button size="large" onClick={() => void navigate(`/alarms?q=${encodeURIComponent(p.terminalId)}`)}>
            {O.tabs.alarms}
          </Button>
        </div>
      </section>
    </div>
  );
}
