import { Outlet } from 'react-router';
import { AlarmWatcher } from './alarms/AlarmWatcher.tsx';
import { FleetProvider } from './fleet/FleetProvider.tsx';
import { registerVehiclePanel } from '../shared/dialogs/VehicleInfoDialog.tsx';
import { CarVehiclePanel } from './vehicle/CarVehiclePanel.tsx';
import './car.css';

// Running alone, the dialog lives in this page: it shows the car app's full vehicle view.
registerVehiclePanel(CarVehiclePanel);

/** Every car page shares one fleet (vehicles, positions, live feed). */
export function CarRoot() {
  return (
    <FleetProvider>
      <AlarmWatcher />
      <Outlet />
    </FleetProvider>
  );
}
