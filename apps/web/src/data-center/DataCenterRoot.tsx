import { Outlet } from 'react-router';
import './dataCenter.css';

/** The data centre's frame (its shared styles). */
export function DataCenterRoot() {
  return <Outlet />;
}
