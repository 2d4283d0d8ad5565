import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { CHILD } from '../childContext.ts';
import { toChildPath } from '../childMenu.ts';
import { postToShell } from '../bridge/childBridge.ts';

/** Opens a shell path from a sub-product: its own pages in its router, another product's through the shell (goPage). */
export function useOpenShellPath(): (path: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (path: string) => {
      const at = path.indexOf('?');
      const own = toChildPath(at < 0 ? path : path.slice(0, at), CHILD.base);
      if (own) navigate(own + (at < 0 ? '' : path.slice(at)));
      else postToShell('goPage', { path });
    },
    [navigate],
  );
}
