import { Outlet } from 'react-router';
import { useChildOutlet } from '../child/pages/useChildOutlet.ts';
import '../shared/ui/subProduct.css';
import './pet.css';

/** 宠物卫士's frame: its styles (ChildRoot shows 没有访问权限 for a menu the role does not hold). */
export function PetRoot() {
  const outlet = useChildOutlet();
  return <Outlet context={outlet} />;
}
