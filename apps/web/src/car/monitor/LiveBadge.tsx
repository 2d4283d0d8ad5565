import { Badge } from 'antd';
import dayjs from 'dayjs';
import { useFleet, useFleetVersion } from '../fleet/FleetProvider.tsx';
import { M } from '../messages.ts';

/** Whether the live feed is connected, and when the fleet last changed. */
export function LiveBadge() {
  const { liveStatus, store } = useFleet();
  useFleetVersion(5000);
  const open = liveStatus === 'open';
  return (
    <div className="car-map-badge" data-testid="live-badge" data-live={liveStatus}>
      <Badge status={open ? 'processing' : 'warning'} text={open ? M.monitor.liveOn : M.monitor.liveOff} />
      {store.lastUpdate > 0 && <span className="car-map-badge-time">{M.monitor.lastUpdate(dayjs(store.lastUpdate).format('HH:mm:ss'))}</span>}
    </div>
  );
}
