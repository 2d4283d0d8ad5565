import { Outlet } from 'react-router';
import { useChildOutlet } from '../child/pages/useChildOutlet.ts';
import '../shared/ui/subProduct.css';
import './card.css';

/** 智能工牌's frame: its styles (ChildRoot shows 没有访问权限 for a menu the role does not hold). */
export function CardRoot() {
  const outlet = useChildOutlet();
  return <Outlet context={outlet} />;
}
