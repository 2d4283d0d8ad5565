import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { List, NavBar, Skeleton } from 'antd-mobile';
import { leaseRiderEndpoints } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { areaColor } from './riderView.ts';
import { useRider } from './useRider.ts';
import { RD } from './texts.ts';
import './rider.css';

const RiderAreaMap = lazy(() => import('./RiderAreaMap.tsx'));

/** 服务区域: the operator's operating area, return points and no-parking zones on the map, with the bike where it is. */
export function RiderAreaPage() {
  const navigate = useNavigate();
  const { contract } = useRider();
  const contractId = contract?.contractId;
  const { data, error } = useWholeList(
    leaseRiderEndpoints.area,
    { contractId },
    { silent: true, keepOnFailure: false, enabled: contractId !== undefined },
  );
  // a failed load shows no areas rather than waiting on
  const areas = data ?? (error ? [] : null);
  const at: [number, number] | null =
    contract && contract.bike.lon !== null && contract.bike.lat !== null ? [contract.bike.lon, contract.bike.lat] : null;
  return (
    <div className="rd-page" data-testid="rd-area">
      <NavBar onBack={() => navigate(`/rider${contractId ? `?contractId=${contractId}` : ''}`)}>{RD.area}</NavBar>
      <div className="rd-map-box">
        <Suspense fallback={<div className="rd-map-wait">{RD.mapLoading}</div>}>{areas && <RiderAreaMap areas={areas} at={at} />}</Suspense>
        {!at && <div className="rd-map-note">{RD.noFix}</div>}
      </div>
      {!areas ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : areas.length === 0 ? (
        <div className="rd-muted rd-pad">{RD.areaNone}</div>
      ) : (
        <List className="rd-list">
          {areas.map((a) => (
            <List.Item
              key={a.geofenceId}
              prefix={<span className="rd-swatch" style={{ background: areaColor(a.kind) }} />}
              extra={a.kindName}
            >
              {a.name}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
