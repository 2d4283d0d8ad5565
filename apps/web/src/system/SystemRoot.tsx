import { Outlet } from 'react-router';
import './system.css';

/** The system pages' frame (their shared styles). */
export function SystemRoot() {
  return <Outlet />;
}
