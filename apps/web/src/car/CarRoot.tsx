import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { AloneAlarmTip } from './alarms/AloneAlarmTip.tsx';
import { CHILD } from '../child/childContext.ts';
import { FleetProvider, FleetScope, useFleet, type Fleet } from './fleet/FleetProvider.tsx';
import { registerVehiclePanel, type VehiclePanelProps } from '../shared/dialogs/VehicleInfoDialog.tsx';
import { CarVehiclePanel } from '../shared/vehicle/CarVehiclePanel.tsx';
import './car.css';

// Running alone, the dialog lives in this page: it shows the car app's full vehicle view.
registerVehiclePanel(CarVehiclePanel);

/** Every car page shares one fleet (vehicles, positions, live feed). */
export function CarRoot() {
  return (
    <FleetProvider>
      <DialogUsesFleet />
      {/* inside the shell, the shell's alarm tip is the one notice (docs/web.md, Global dialogs) */}
      {!CHILD.embedded && <AloneAlarmTip />}
      <Outlet />
    </FleetProvider>
  );
}

/**
 * The vehicle dialog is mounted by the child app's root, outside the fleet: without this it polls
 * positions on its own and misses what the live feed knows (an alarm just pushed), so it could
 * call a vehicle 行驶 that the tree and map show red.
 */
function DialogUsesFleet() {
  const fleet = useRef<Fleet | null>(null);
  fleet.current = useFleet();
  useEffect(() => {
    registerVehiclePanel(function FleetVehiclePanel(props: VehiclePanelProps) {
      return fleet.current ? (
        <FleetScope fleet={fleet.current}>
          <CarVehiclePanel {...props} />
        </FleetScope>
      ) : (
        <CarVehiclePanel {...props} />
      );
    });
    return () => registerVehiclePanel(CarVehiclePanel);
  }, []);
  return null;
}
