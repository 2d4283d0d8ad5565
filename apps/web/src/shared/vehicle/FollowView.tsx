import { useState } from 'react';
import type { Vehicle } from '@chelian/contracts';
import { Empty, Switch, Typography } from 'antd';
import { useAddress } from '../address/useAddress.ts';
import { STATE_COLORS } from './vehicleState.ts';
import { focusOn, keepInView } from '../map/camera.ts';
import { MapCommand } from '../map/MapCommand.tsx';
import { MapView } from '../map/MapView.tsx';
import { FocusVehicleLayer } from '../map/layers/FocusVehicleLayer.tsx';
import { TrailLayer } from '../map/layers/TrailLayer.tsx';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';
import { useVehicleLive } from './useVehicleLive.ts';
import { useVehicleDialogLabel } from '../dialogs/useVehicleDialogLabel.ts';
import { useTrail } from './useTrail.ts';
import { beijingFormat } from '../format/beijingTime.ts';
import './vehicle.css';

/**
 * A map that keeps one vehicle in view as it moves and draws its live trail (the follow tab and
 * page). In the dialog, dialogKey is the id it was opened with, so the title can show the plate,
 * and vehicle the record the dialog read (see useVehicleLive's known).
 */
export function FollowView({
  vehicleId,
  height,
  dialogKey,
  vehicle,
}: {
  vehicleId: number;
  height?: number;
  dialogKey?: string;
  vehicle?: Vehicle | null;
}) {
  const live = useVehicleLive(vehicleId, vehicle);
  const trail = useTrail(vehicleId, live.position);
  const [follow, setFollow] = useState(true);
  const p = live.position;
  const address = useAddress(p ? { lon: p.lon, lat: p.lat, mac: live.vehicle?.terminalId ?? '' } : null);
  const plate = live.vehicle?.plate || live.vehicle?.name || '';
  useVehicleDialogLabel(dialogKey, plate);

  return (
    <div className="vh-follow" style={{ height: height ?? '100%' }} data-testid="follow-view" data-gps-time={p?.gpsTime ?? 0}>
      <MapView center={p ? [p.lon, p.lat] : undefined} zoom={p ? 15 : undefined} testId="follow-map">
        <TrailLayer points={trail} />
        {p && <FocusVehicleLayer lon={p.lon} lat={p.lat} course={p.course} state={live.state} plate={plate} />}
        <MapCommand deps={[Boolean(p)]} run={(map) => p && focusOn(map, p.lon, p.lat, 15)} />
        <MapCommand deps={[p?.lon, p?.lat, follow]} run={(map) => p && follow && keepInView(map, p.lon, p.lat)} />
      </MapView>
      <div className="cl-map-float vh-follow-card" data-testid="follow-card">
        <div className="vh-follow-title">
          <i className="vh-dot" style={{ background: STATE_COLORS[live.state] }} />
          <b>{plate || M.common.none}</b>
          <span style={{ color: STATE_COLORS[live.state] }}>{M.state[live.state]}</span>
        </div>
        {p ? (
          <>
            <div>
              {M.vehicle.speed}：{Math.round(p.speed)} {M.common.kmh}
            </div>
            <div>
              {M.vehicle.gpsTime}：{beijingFormat(p.gpsTime)}
            </div>
            <div data-testid="follow-address">
              {M.vehicle.address}：{address || M.common.loading}
            </div>
            <Typography.Text type="secondary">{M.follow.trail(trail.length)}</Typography.Text>
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={live.status === 'loading' ? M.common.loading : M.follow.waiting} />
        )}
        <div className="vh-follow-switch">
          <Switch size="small" checked={follow} onChange={setFollow} /> {M.follow.keepInView}
        </div>
      </div>
    </div>
  );
}
