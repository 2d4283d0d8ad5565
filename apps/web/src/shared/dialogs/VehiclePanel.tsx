import { Badge, Descriptions, Empty, Spin, Tag } from 'antd';
import type { DialogVehicle } from './dialogVehicle.ts';
import { useDialogPosition } from './dialogPosition.ts';
import { useVehicleDialogLabel } from './useVehicleDialogLabel.ts';
import { useAddress } from '../address/useAddress.ts';
import { T } from '../i18n/messages.ts';
import { beijingFormat } from '../format/beijingTime.ts';

const V = T.vehicleInfo;
const NOT_IN_DIALOG = { loading: false, position: null, withheld: '' };

/**
 * The dialog's default panel: the vehicle's last reported position with its address, as the
 * dialog's one poll has it (both tabs). The shell and the car app register the full one (registerVehiclePanel).
 * Like the full one it names the vehicle in the dialog's title by its plate, else its name.
 */
export function VehiclePanel({ vehicleId, target }: { vehicleId: string; follow: boolean; target: DialogVehicle }) {
  const seen = useDialogPosition(true) ?? NOT_IN_DIALOG;
  const { position, withheld } = seen;
  useVehicleDialogLabel(vehicleId, target.vehicle?.plate || target.vehicle?.name || position?.plate || position?.name || undefined);
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
