import type { ComponentType } from 'react';
import { Modal, Spin, Tabs } from 'antd';
import { useUiStore } from '../stores/uiStore.ts';
import type { VehicleTab } from '../bridge/bridgeTypes.ts';
import { T } from '../i18n/messages.ts';
import { VehiclePanel } from './VehiclePanel.tsx';
import { useDialogVehicle, type DialogVehicle } from './dialogVehicle.ts';
import { DialogPositionProvider, useDialogLive } from './dialogPosition.ts';

/** vehicleId: the text the dialog was opened with (its title's key); target: what it names, resolved once by the dialog. */
export type VehiclePanelProps = { vehicleId: string; follow: boolean; target: DialogVehicle };
let Panel: ComponentType<VehiclePanelProps> = VehiclePanel;

/** The shell and the car app plug the full vehicle view in here (shared/vehicle/: terminal, address, alarms, commands). */
export function registerVehiclePanel(component: ComponentType<VehiclePanelProps>): void {
  Panel = component;
}

/** Global vehicle-info dialog (spec §2): tab '' = basic information, 'follow' = live location. */
export function VehicleInfoDialog() {
  const { open, vehicleId, tab, label } = useUiStore((s) => s.vehicle);
  const close = useUiStore((s) => s.closeVehicle);
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
      <VehicleTabs vehicleId={vehicleId} tab={tab} />
    </Modal>
  );
}

/**
 * The tabs, inside the modal (so each opening reads the vehicle afresh): the terminal → vehicle and
 * the vehicle's record are resolved here once, and both tabs' panels are given them; its live
 * position is polled here once for both (useDialogPosition), and stops when the modal closes.
 */
function VehicleTabs({ vehicleId, tab }: { vehicleId: string; tab: VehicleTab }) {
  const openVehicle = useUiStore((s) => s.openVehicle);
  const target = useDialogVehicle(vehicleId);
  const live = useDialogLive(target?.terminalId ?? '');
  const panel = (follow: boolean) =>
    target ? (
      <Panel vehicleId={vehicleId} follow={follow} target={target} />
    ) : (
      <Spin tip={T.vehicleInfo.loading}>
        <div style={{ height: 200 }} />
      </Spin>
    );
  return (
    <DialogPositionProvider value={live}>
      <Tabs
        activeKey={tab === 'follow' ? 'follow' : 'basic'}
        onChange={(key) => openVehicle(vehicleId, (key === 'follow' ? 'follow' : '') as VehicleTab)}
        items={[
          { key: 'basic', label: T.vehicleInfo.basic, children: panel(false) },
          { key: 'follow', label: T.vehicleInfo.follow, children: panel(true) },
        ]}
      />
    </DialogPositionProvider>
  );
}
