import { Outlet } from 'react-router';
import { useChildOutlet } from '../child/pages/useChildOutlet.ts';
import './system.css';

/** The system pages' frame: their shared styles (ChildRoot shows 没有访问权限 for a menu the role does not hold). */
export function SystemRoot() {
  const outlet = useChildOutlet();
  return <Outlet context={outlet} />;
}
