import { memo, type ReactNode } from 'react';
import { Badge } from 'antd';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { useFleetValue } from '../fleet/useFleetValue.ts';
import { M } from '../messages.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';

/** Whether the live feed is connected, and when the fleet last changed; `children`: what else the page says of the fleet. */
export function LiveBadge({ children }: { children?: ReactNode }) {
  const { liveStatus } = useFleet();
  return (
    <div className="car-map-badge" data-testid="live-badge" data-live={liveStatus}>
      <LiveStatus open={liveStatus === 'open'} />
      <LastUpdate />
      {children}
    </div>
  );
}

const LiveStatus = memo(function LiveStatus({ open }: { open: boolean }) {
  return <Badge status={open ? 'processing' : 'warning'} text={open ? M.monitor.liveOn : M.monitor.liveOff} />;
});

/** The clock of the last change: a text node, redrawn at most once a second. */
function LastUpdate() {
  const at = useFleetValue((store) => (store.lastUpdate > 0 ? beijingFormat(store.lastUpdate, 'HH:mm:ss') : ''));
  return at ? <span className="car-map-badge-time">{M.monitor.lastUpdate(at)}</span> : null;
}
