import { useEffect } from 'react';
import { Badge, Descriptions, Empty, Spin, Tag } from 'antd';
import { TERMINAL_ERRORS, monitorEndpoints, type LastPosition } from '@chelian/contracts';
import { RequestError } from '../request/RequestError.ts';
import { call } from '../request/call.ts';
import type { DialogVehicle } from './dialogVehicle.ts';
import { useLoaded } from '../list/usePagedList.ts';
import { useAddress } from '../address/useAddress.ts';
import { T } from '../i18n/messages.ts';
import { beijingFormat } from '../format/beijingTime.ts';

const V = T.vehicleInfo;
const FOLLOW_MS = 10_000;

interface Seen {
  position: LastPosition | null;
  /** why there is no position when the server says (an expired service), else '' */
  withheld: string;
}

/** The last position of the dialog's terminal, or none: a failure shows the empty panel, with the server's reason when it withholds the position. */
const lastSeen = ({ terminalId }: { terminalId: string }): Promise<Seen> =>
  (terminalId ? call(monitorEndpoints.lastPositions, { terminalIds: terminalId }, { silent: true }) : Promise.resolve([])).then(
    ([position]) => ({ position: position ?? null, withheld: '' }),
    (err: unknown) => ({
      position: null,
      withheld: err instanceof RequestError && err.is(TERMINAL_ERRORS.serviceExpired) ? err.message : '',
    }),
  );

/**
 * The dialog's default panel: the vehicle's last reported position with its address, refreshed
 * every 10 s on the follow tab. The shell and the car app register the full one (registerVehiclePanel).
 */
export function VehiclePanel({ vehicleId, follow, target }: { vehicleId: string; follow: boolean; target: DialogVehicle }) {
  // The spinner again when the tab changes (follow), as it loads once more; the 10 s refresh is quiet.
  const seen = useLoaded(lastSeen, { terminalId: target.terminalId, follow });
  const { reload } = seen;
  useEffect(() => {
    if (!follow) return;
    const timer = window.setInterval(() => void reload(true), FOLLOW_MS);
    return () => window.clearInterval(timer);
  }, [reload, target.terminalId, follow]);
  const position = seen.data?.position ?? null;
  const withheld = seen.data?.withheld ?? '';
  const address = useAddress(position ? { lon: position.lon, lat: position.lat, mac: position.terminalId } : null);

  if (seen.loading) {
    return (
      <Spin tip={V.loading}>
        <div style={{ height: 160 }} />
      </Spin>
    );
  }
  if (!position)
    return (
      <Empty
        description={withheld || V.empty(vehicleId)}
        style={{ padding: '32px 0' }}
        data-testid={withheld ? 'vehicle-withheld' : undefined}
      />
    );
  return (
    <Descriptions column={2} bordered size="small" data-testid="vehicle-position">
      <Descriptions.Item label={V.vehicleId}>{position.plate || position.name || vehicleId}</Descriptions.Item>
      <Descriptions.Item label={V.terminal}>{position.terminalId}</Descriptions.Item>
      <Descriptions.Item label={V.status}>
        <Badge status={position.online ? 'success' : 'default'} text={position.online ? V.online : V.offline} />
      </Descriptions.Item>
      <Descriptions.Item label={V.speed}>{`${position.speed ?? 0} km/h`}</Descriptions.Item>
      <Descriptions.Item label={V.address} span={2}>
        {address || V.addressLoading}
      </Descriptions.Item>
      <Descriptions.Item label={V.direction}>{`${position.direction ?? 0}°`}</Descriptions.Item>
      <Descriptions.Item label={V.gpsTime}>{position.gpsTime ? beijingFormat(position.gpsTime) : '—'}</Descriptions.Item>
      <Descriptions.Item label={V.mileage}>{position.mileage === null ? '—' : `${position.mileage} km`}</Descriptions.Item>
      <Descriptions.Item label={V.alarms} span={2}>
        {!position.alarmNames?.length
          ? V.noAlarm
          : position.alarmNames.map((n) => (
              <Tag color="red" key={n}>
                {n}
              </Tag>
            ))}
      </Descriptions.Item>
    </Descriptions>
  );
}
