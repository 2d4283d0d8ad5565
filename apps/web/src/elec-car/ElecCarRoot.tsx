import { Outlet } from 'react-router';
import { useChildOutlet } from '../child/pages/useChildOutlet.ts';
import '../shared/ui/subProduct.css';
import './elecCar.css';

/** 电单车卫士's frame: its styles (ChildRoot shows 没有访问权限 for a menu the role does not hold). */
export function ElecCarRoot() {
  const outlet = useChildOutlet();
  return <Outlet context={outlet} />;
}
