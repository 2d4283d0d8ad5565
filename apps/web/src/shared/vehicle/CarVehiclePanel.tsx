import { useState } from 'react';
import { Badge, Button, Collapse, Descriptions, Empty, Space, Spin } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import type { PermissionCode, Vehicle } from '@chelian/contracts';
import { useAddress } from '../address/useAddress.ts';
import { usePermission, usePermissionMenu } from '../permission/usePermission.ts';
import { CommandForm } from '../commands/CommandForm.tsx';
import { CommandResults } from '../commands/CommandResults.tsx';
import { FollowView } from './FollowView.tsx';
import { useVehicleDialogLabel } from '../dialogs/useVehicleDialogLabel.ts';
import { STATE_COLORS, directionText } from './vehicleState.ts';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';
import { playbackUrl } from '../links/carLinks.ts';
import { RecentAlarms } from './RecentAlarms.tsx';
import { useVehicleLive } from './useVehicleLive.ts';
import type { DialogVehicle } from '../dialogs/dialogVehicle.ts';
import './vehicle.css';
import { beijingFormat } from '../format/beijingTime.ts';

const SEND_COMMAND: PermissionCode = 'car:command:send';
const PLAYBACK: PermissionCode = 'car:playback';

const fmt = (t: number | null | undefined) => (t ? beijingFormat(t) : M.common.none);

/**
 * The vehicle-info dialog's panels (registered into the shared dialog): the basic tab shows the
 * terminal, SIM, expiry, last position with its address, speed, state, mileage, recent alarms
 * and, by permission, the command panel; the follow tab keeps the vehicle in view. The dialog
 * resolves what it was opened for (target) once for both tabs.
 */
export function CarVehiclePanel({ vehicleId, follow, target }: { vehicleId: string; follow: boolean; target: DialogVehicle }) {
  const id = target.vehicleId;
  if (id === null) return <Empty description={M.vehicle.notFound} data-testid="vehicle-not-found" />;
  return follow ? (
    <FollowView vehicleId={id} height={460} dialogKey={vehicleId} vehicle={target.vehicle} />
  ) : (
    <BasicPanel vehicleId={id} dialogKey={vehicleId} vehicle={target.vehicle} />
  );
}

/** dialogKey: the id the dialog was opened with (a vehicle id, or a terminal id), for its title; vehicle: its record as the dialog read it. */
function BasicPanel({ vehicleId, dialogKey, vehicle }: { vehicleId: number; dialogKey: string; vehicle: Vehicle | null }) {
  const live = useVehicleLive(vehicleId, vehicle);
  useVehicleDialogLabel(dialogKey, live.vehicle ? live.vehicle.plate || live.vehicle.name : undefined);
  const [sent, setSent] = useState(0);
  // an account without the car product's 轨迹回放 or 指令下发 (电单车卫士 alone) sees neither: no way into a page it is refused
  const canPlay = usePermissionMenu(PLAYBACK);
  const canSend = usePermission(SEND_COMMAND);
  const v = live.vehicle;
  const p = live.position;
  const address = useAddress(p ? { lon: p.lon, lat: p.lat, mac: v?.terminalId ?? '' } : null);
  if (live.status === 'loading')
    return (
      <Spin tip={M.common.loading}>
        <div style={{ height: 200 }} />
      </Spin>
    );
  if (!v) return <Empty description={M.vehicle.notFound} />;
  const expired = v.serviceExpiresAt !== null && v.serviceExpiresAt < Date.now();
  return (
    <div className="car-vehicle-panel" data-testid="car-vehicle-panel" data-vehicle-id={vehicleId}>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={M.common.plate}>{v.plate || v.name}</Descriptions.Item>
        <Descriptions.Item label={M.vehicle.state}>
          <Badge color={STATE_COLORS[live.state]} text={p ? M.state[live.state] : M.state.noPosition} />
        </Descriptions.Item>
        <Descriptions.Item label={M.vehicle.terminal}>{v.terminalId || M.vehicle.noTerminal}</Descriptions.Item>
        <Descriptions.Item label={M.vehicle.protocol}>{v.protocolName || M.common.none}</Descriptions.Item>
        <Descriptions.Item label={M.vehicle.sim}>{v.sim || M.common.none}</Descriptions.Item>
        <Descriptions.Item label={M.vehicle.expiry}>
          <span style={expired ? { color: '#e5484d' } : undefined}>
            {v.serviceExpiresAt ? beijingFormat(v.serviceExpiresAt, 'YYYY-MM-DD') : M.common.none}
            {expired ? `（${M.vehicle.expired}）` : ''}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={M.vehicle.speed}>
          {p ? `${Math.round(p.speed)} ${M.common.kmh} · ${directionText(p.course)}` : M.common.none}
        </Descriptions.Item>
        <Descriptions.Item label={M.vehicle.mileage}>
          {p?.mileage !== null && p?.mileage !== undefined ? `${p.mileage} ${M.common.km}` : M.common.none}
        </Descriptions.Item>
        <Descriptions.Item label={M.vehicle.gpsTime}>{fmt(p?.gpsTime)}</Descriptions.Item>
        <Descriptions.Item label={M.vehicle.acc}>
          {p?.acc === null || p?.acc === undefined ? M.common.none : p.acc ? M.vehicle.accOn : M.vehicle.accOff}
        </Descriptions.Item>
        <Descriptions.Item label={M.vehicle.address} span={2}>
          <span data-testid="vehicle-address">{p ? address || M.common.loading : M.vehicle.noPosition}</span>
        </Descriptions.Item>
      </Descriptions>
      {canPlay && (
        <Space style={{ margin: '10px 0 4px' }}>
          <Button
            size="small"
            icon={<HistoryOutlined />}
            onClick={() => window.open(playbackUrl(vehicleId), '_blank')}
            data-testid="open-playback"
          >
            {M.vehicle.openPlayback}
          </Button>
        </Space>
      )}
      <Collapse
        size="small"
        ghost
        defaultActiveKey={['alarms']}
        items={[
          { key: 'alarms', label: M.vehicle.recentAlarms, children: <RecentAlarms vehicleId={vehicleId} /> },
          ...(v.terminalId && canSend
            ? [
                {
                  key: 'commands',
                  label: M.vehicle.commands,
                  children: (
                    <>
                      <CommandForm vehicleIds={[vehicleId]} compact onSent={() => setSent((n) => n + 1)} />
                      <CommandResults refreshKey={sent} terminalId={v.terminalId} pageSize={3} />
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
