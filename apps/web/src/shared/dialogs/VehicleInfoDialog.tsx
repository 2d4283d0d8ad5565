import type { ComponentType } from 'react';
import { Modal, Tabs } from 'antd';
import { useUiStore } from '../stores/uiStore.ts';
import type { VehicleTab } from '../bridge/bridgeTypes.ts';
import { T } from '../i18n/messages.ts';
import { VehiclePanel } from './VehiclePanel.tsx';

type PanelProps = { vehicleId: string; follow: boolean };
let Panel: ComponentType<PanelProps> = VehiclePanel;

/** The shell and the car app plug the full vehicle view in here (shared/vehicle/: terminal, address, alarms, commands). */
export function registerVehiclePanel(component: ComponentType<PanelProps>): void {
  Panel = component;
}

/** Global vehicle-info dialog (spec §2): tab '' = basic information, 'follow' = live location. */
export function VehicleInfoDialog() {
  const { open, vehicleId, tab, label } = useUiStore((s) => s.vehicle);
  const close = useUiStore((s) => s.closeVehicle);
  const openVehicle = useUiStore((s) => s.openVehicle);
  return (
    <Modal
      open={open}
      title={`${T.vehicleInfo.title} · ${label || vehicleId}`}
      footer={null}
      onCancel={close}
      width={720}
      destroyOnHidden
      className="cl-vehicle-dialog"
    >
      <Tabs
        activeKey={tab === 'follow' ? 'follow' : 'basic'}
        onChange={(key) => openVehicle(vehicleId, (key === 'follow' ? 'follow' : '') as VehicleTab)}
        items={[
          { key: 'basic', label: T.vehicleInfo.basic, children: <Panel vehicleId={vehicleId} follow={false} /> },
          { key: 'follow', label: T.vehicleInfo.follow, children: <Panel vehicleId={vehicleId} follow /> },
        ]}
      />
    </Modal>
  );
}
