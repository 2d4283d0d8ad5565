import { Outlet } from 'react-router';
import { Result } from 'antd';
import { useChildOutlet } from '../child/pages/useChildOutlet.ts';
import { T } from '../shared/i18n/messages.ts';
import '../shared/ui/subProduct.css';
import './elecCar.css';

/** 电单车卫士's frame: its styles, and only the menus the role holds (the server refuses the rest anyway). */
export function ElecCarRoot() {
  const outlet = useChildOutlet();
  if (!outlet.current) return <Result status="403" title={T.child.menuNotFound} data-testid="elec-forbidden" />;
  return <Outlet context={outlet} />;
}
