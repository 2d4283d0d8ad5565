import { Outlet } from 'react-router';
import { Result } from 'antd';
import { useChildOutlet } from '../child/pages/useChildOutlet.ts';
import { T } from '../shared/i18n/messages.ts';
import '../shared/ui/subProduct.css';
import './elecGb.css';

/** 新国标's frame: its styles, and only the menus the role holds (the server refuses the rest anyway). */
export function ElecGbRoot() {
  const outlet = useChildOutlet();
  if (!outlet.current) return <Result status="403" title={T.child.menuNotFound} data-testid="gb-forbidden" />;
  return <Outlet context={outlet} />;
}
