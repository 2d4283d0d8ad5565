import { useOutletContext } from 'react-router';
import type { ResourceNode } from '@chelian/contracts';

export interface ChildOutletContext {
  menu: ResourceNode[];
  current: ResourceNode | undefined;
}

export function useChildOutlet(): ChildOutletContext {
  return useOutletContext<ChildOutletContext>();
}
