import { Outlet } from 'react-router';
import { AlarmWatcher } from './alarms/AlarmWatcher.tsx';
import { FleetProvider } from './fleet/FleetProvider.tsx';
import './car.css';

/** Every car page shares one fleet (vehicles, positions, live feed). */
export function CarRoot() {
  return (
    <FleetProvider>
      <AlarmWatcher />
      <Outlet />
    </FleetProvider>
  );
}
