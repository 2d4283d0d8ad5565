import { Outlet } from 'react-router';
import './dataReport.css';

/** The report pages' frame (their shared styles). */
export function DataReportRoot() {
  return <Outlet />;
}
